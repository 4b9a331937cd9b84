import type { Context } from '../core/context';
import type { Middleware } from '../core/types';

/** A fresh CSP nonce: 16 random bytes, base64. */
export function generateNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The nonce of this request, when `nonceMiddleware` set one. */
export function nonceOf(ctx: Context): string | undefined {
  return (ctx as Context & { nonce?: string }).nonce;
}

/** Gives each request `ctx.nonce` (for inline scripts and styles); `securityHeaders` adds it to the CSP. */
export function nonceMiddleware(): Middleware {
  return (ctx, next) => {
    (ctx as Context & { nonce?: string }).nonce = generateNonce();
    return next();
  };
}
