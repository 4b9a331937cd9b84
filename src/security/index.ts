export { securityHeaders, security, renderCSP, defaultCSP, type SecurityHeadersOptions, type CSPDirectives } from './headers';
export { generateNonce, nonceMiddleware, nonceOf } from './nonce';
export { mutableResponse, appendVary } from './mutable-response';
