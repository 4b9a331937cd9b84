export { jwt, type JwtClaims, type JwtOptions, type JwtRequestOptions } from './jwt';
export type { JwtClaimChecks } from './claims';
export type { JwtAlgorithm, PublicKeyAlgorithm, PublicKey } from './keys';
