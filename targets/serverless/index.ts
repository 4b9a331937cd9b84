/** fw/serverless: cold-start statistics and tooling shared by the Lambda, worker, Bun and Node targets. */
export { startInvocation, recordWarmUp, markReady, getColdStartStats, resetColdStartStats } from './cold-start';
export type { ColdStartStats } from './cold-start';
