export { staticFiles } from './static-files';
export { fileSender, type FileSender, type FileSenderOptions } from './send-file';
export { contentTypeFor } from './mime';
export type { StaticOptions, FileSource, FileStat, DirEntry, PrecompressedEncoding } from './types';
