export { compress, type CompressOptions } from './compress';
export type { Encoding } from './negotiate';
