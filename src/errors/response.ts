import type { Context } from '../core/context';
import { defaultErrorResponse } from '../core/respond';

/** The error response fw's core would give for `error`, in the negotiated data format, with the error's headers. */
export function toErrorResponse(ctx: Context, error: unknown): Response {
  return defaultErrorResponse(ctx, error, ctx.app.config.development ?? false);
}
