import type { Context } from '../core/context';
import type { FwPluginConfig } from '../core/types';
import { classifyError, type ClassifiedError } from './classify';
import { toErrorResponse } from './response';
import { withErrorBoundary, type BoundaryOptions } from './with-boundary';

/** Options of the `errorBoundary()` plugin. */
export interface ErrorBoundaryOptions {
  /** Sees every error with its classification (logging, error trackers); its own failure never changes the response. */
  report?: (error: unknown, classified: ClassifiedError, ctx: Context) => void | Promise<void>;
  /** Builds the answer (a Response or any handler value); returning undefined keeps the default error body. */
  render?: (classified: ClassifiedError, ctx: Context) => unknown;
}

/** The `ctx.errorBoundary` decoration. */
export type ContextErrorBoundary = <T, R = T>(fn: () => T | Promise<T>, options: BoundaryOptions<R>) => Promise<T | R>;

/** A plugin that classifies and reports every error, answers with the core's error body (or `render`), and adds `ctx.errorBoundary(fn, options)`. */
export function errorBoundary(options: ErrorBoundaryOptions = {}): FwPluginConfig {
  if (options.report !== undefined && typeof options.report !== 'function')
    throw new TypeError('errorBoundary option "report" must be a function');
  if (options.render !== undefined && typeof options.render !== 'function')
    throw new TypeError('errorBoundary option "render" must be a function');
  return {
    name: 'error-boundary',
    decorate: { errorBoundary: withErrorBoundary },
    setup(app) {
      app.onError(async (error, ctx) => {
        const classified = classifyError(error);
        if (options.report)
          await Promise.resolve()
            .then(() => options.report!(error, classified, ctx))
            .catch(() => undefined);
        const rendered = options.render ? await options.render(classified, ctx) : undefined;
        return rendered === undefined ? toErrorResponse(ctx, error) : rendered;
      });
    },
  };
}

declare module '../core/context' {
  interface Context<Env, State> {
    /** Runs `fn` and handles its error with exactly one of `fallback`, `onError`, `rethrow` (with `errorBoundary()`). */
    errorBoundary: ContextErrorBoundary;
  }
}
