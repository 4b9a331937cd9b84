export { jwk, type JwkOptions } from './jwk';
export { KeySetUnavailableError } from './key-set';
