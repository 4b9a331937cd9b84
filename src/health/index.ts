export {
  healthCheck,
  HEALTH_STATE_KEY,
  SHUTTING_DOWN_STATE_KEY,
  type HealthCheckOptions,
  type HealthReport,
  type HealthState,
} from './plugin';
export { runChecks, type CheckResult, type ChecksReport, type HealthCheckFn } from './checks';
export { healthAccess, type AccessCheck, type HealthAccessOptions, type HealthDetails } from './access';
export { buildHealthSnapshot, type HealthDashboardSnapshot, type SnapshotOptions } from './snapshot';
export { renderHealthDashboardHTML, type DashboardRenderOptions } from './render';
export { exportHealthDashboard, type HealthExportFormat } from './export';
export { healthDashboard, type HealthDashboardOptions } from './dashboard';
