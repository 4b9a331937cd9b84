/** fw/serverless: cold-start statistics and tooling shared by the Lambda, worker, Bun and Node targets. */
export { startInvocation, recordWarmUp, markReady, getColdStartStats, resetColdStartStats } from './cold-start';
export type { ColdStartStats } from './cold-start';
export { coldStartHeader } from './cold-start-header';
export { lazyImport, type LazyImport } from './lazy-import';
export { warmUp, type WarmUpOptions, type WarmUpReport } from './warm-up';
export { bundleConfig, buildCommand, type BundleTarget, type BundleOptions } from './bundle';
