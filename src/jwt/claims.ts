import type { JWTVerifyOptions } from 'jose';

/** The claim checks of `jwt()` and `jwk()`; `exp` and `nbf` are always checked when the token has them. */
export interface JwtClaimChecks {
  /** Accepted `iss` values; a token from another issuer, or without `iss`, is refused. */
  issuer?: string | string[];
  /** Accepted `aud` values; the token's `aud` must hold one of them. */
  audience?: string | string[];
  /** The expected `sub`. */
  subject?: string;
  /** Seconds of clock skew allowed on `exp`, `nbf` and `iat` (default 0). */
  clockTolerance?: number;
  /** The oldest `iat` accepted, in seconds (the token must then carry `iat`). */
  maxTokenAge?: number;
  /** Claims the token must carry (`exp` makes tokens without an expiry fail). */
  requiredClaims?: string[];
}

/** The option names of `JwtClaimChecks`, for the option checks of both middleware. */
export const claimCheckKeys: Record<keyof JwtClaimChecks, true> = {
  issuer: true,
  audience: true,
  subject: true,
  clockTolerance: true,
  maxTokenAge: true,
  requiredClaims: true,
};

function isStrings(value: unknown): boolean {
  return typeof value === 'string'
    ? value !== ''
    : Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && v !== '');
}

/** Throws at startup, naming `where`, when a claim check has the wrong type. */
export function checkClaimChecks(where: string, options: JwtClaimChecks): void {
  for (const name of ['issuer', 'audience'] as const)
    if (options[name] !== undefined && !isStrings(options[name]))
      throw new TypeError(`${where}: \`${name}\` must be a non-empty string or list of them`);
  if (options.subject !== undefined && (typeof options.subject !== 'string' || options.subject === ''))
    throw new TypeError(`${where}: \`subject\` must be a non-empty string`);
  for (const name of ['clockTolerance', 'maxTokenAge'] as const) {
    const value = options[name];
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0))
      throw new TypeError(`${where}: \`${name}\` must be a number of seconds >= 0, got ${String(value)}`);
  }
  if (
    options.requiredClaims !== undefined &&
    !(Array.isArray(options.requiredClaims) && options.requiredClaims.every((c) => typeof c === 'string'))
  )
    throw new TypeError(`${where}: \`requiredClaims\` must be a list of claim names`);
}

/** jose's verify options for the checks and the allowed algorithms. */
export function joseOptions(options: JwtClaimChecks, algorithms: string[]): JWTVerifyOptions {
  return {
    algorithms,
    issuer: options.issuer,
    audience: options.audience,
    subject: options.subject,
    clockTolerance: options.clockTolerance,
    maxTokenAge: options.maxTokenAge,
    requiredClaims: options.requiredClaims,
  };
}

/** What a refused token's `error_description` says: which check failed, never the key or the token. */
export function failureDescription(error: unknown): string {
  const e = error as { code?: unknown; claim?: unknown } | null;
  switch (e?.code) {
    case 'ERR_JWT_EXPIRED':
      return 'the token has expired';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return `the ${String(e.claim)} claim check failed`;
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return 'the token is signed with an algorithm that is not allowed';
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return 'the signature does not verify';
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return 'no key matches the token';
    default:
      return 'the token is not a valid signed JWT';
  }
}
