export { compress, type CompressOptions } from './compress';
export { negotiateEncoding, type Encoding } from './negotiate';
export { isCompressible, supportedEncodings, availableEncodings, runtimeEncodesBodies } from './formats';
