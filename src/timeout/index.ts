export { timeout } from './timeout';
export type { TimeoutOptions } from './timeout-options';
