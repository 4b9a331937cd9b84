export { proxy } from './proxy';
export type { ProxyOptions } from './options';
