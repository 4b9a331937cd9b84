export {
  LifecycleManager,
  LIFECYCLE_STATE_KEY,
  type LifecycleOptions,
  type ServerHandle,
  type ShutdownHook,
  type ShutdownReport,
} from './manager';
export { lifecycle, type LifecyclePluginOptions } from './plugin';
export { isTriggerDrivenRuntime } from './runtime';
