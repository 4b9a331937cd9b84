export { staticFiles } from './static-files';
export { contentTypeFor } from './mime';
export type { StaticOptions, FileSource, FileStat, DirEntry } from './types';
