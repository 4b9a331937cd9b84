/** Legacy (Express-style) middleware on fw: `wrap`, `chain`, `handler`, `errorHandler`. */
export { wrap, chain, handler, errorHandler, type LegacyMiddleware, type LegacyErrorMiddleware, type LegacyOptions } from './adapter';
export { LegacyResponse } from './response';
export type { LegacyRequest } from './request';
