export { Workspace, createWorkspace, WORKSPACE_BUS_STATE_KEY } from './workspace';
export { aggregateOpenAPI, type WorkspaceOpenAPIDocument } from './openapi';
export { renderWorkspaceDashboardHTML, workspaceSnapshot, type WorkspaceSnapshot } from './dashboard';
export { scanWorkspace, type ScannedApp, type ScanOptions, type WorkspaceFS } from './scan';
export { startWorkspaceDev, type WorkspaceDevOptions } from './dev';
export type { WorkspaceOptions, WorkspaceAppConfig, WorkspaceAppContext, SubApp } from './types';
