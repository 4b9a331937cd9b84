/** Answers one HTTP event with the app: event -> Request -> `app.fetch` -> Response, collecting `waitUntil` work. */
import type { CoreFw } from 'fw';
import { negotiateFormat } from '../../src/core/formats';
import { responseFactory } from '../../src/core/response-factory';
import { lightResponseFactory } from '../node/light-response';
import { errorBody } from '../../src/core/respond';
import { binaryTest, type BinaryTest } from './binary';
import type { HttpKind } from './detect';
import { InvalidEventError } from './errors';
import { albRequest } from './sources/alb';
import { eventHeader, type FieldMap } from './sources/fields';
import { httpApiRequest } from './sources/http-api';
import { restApiRequest } from './sources/rest-api';
import type { LambdaContext, LambdaOptions } from './types';

/** The app's Response and the promises handlers passed to `ctx.waitUntil` (Lambda freezes once the result is returned). */
export interface HttpAnswer {
  response: Response;
  pending: Promise<unknown>[];
}

/** Waits for the `waitUntil` work before the invocation ends (Lambda freezes the instance afterwards) and logs what failed. */
export async function settle(pending: Promise<unknown>[]): Promise<void> {
  if (pending.length === 0) return;
  for (const outcome of await Promise.allSettled(pending)) {
    if (outcome.status === 'rejected') console.error('fw/lambda: a ctx.waitUntil task failed', outcome.reason);
  }
}

/** Answers an event that could not be turned into a Request (400) or made the app throw (500), in the negotiated format. */
export function errorResponse(app: CoreFw, event: unknown, error: unknown): Response {
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500;
  const format = negotiateFormat(app, eventHeader(event, 'accept') ?? null);
  const body = format.serialize(errorBody(error, status, app.config.development ?? false));
  return new Response(body, { status, headers: { 'content-type': format.contentType } });
}

const readers: Record<HttpKind, (event: FieldMap, options: LambdaOptions) => Request> = {
  v1: restApiRequest,
  v2: httpApiRequest,
  alb: albRequest,
};

const labels: Record<HttpKind, string> = { v1: 'API Gateway v1', v2: 'API Gateway v2 / function URL', alb: 'ALB' };

/** The Request of an event `detectEvent` classified as HTTP, read by its source; a field of the wrong type is an `InvalidEventError` naming it. */
function readRequest(kind: HttpKind, event: unknown, options: LambdaOptions): Request {
  try {
    return readers[kind](event as FieldMap, options);
  } catch (error) {
    if (error instanceof InvalidEventError) throw error;
    console.error(`fw/lambda: a malformed ${labels[kind]} event slipped past the field checks`, error);
    throw new InvalidEventError(`Malformed ${labels[kind]} event`, error);
  }
}

/** Throws at startup on options that would silently never apply. */
function checkOptions(options: LambdaOptions): void {
  const { basePath } = options;
  if (basePath !== undefined && (typeof basePath !== 'string' || !basePath.startsWith('/'))) {
    throw new TypeError(`fw/lambda: options.basePath must be a path starting with "/" (such as "/api"), got ${JSON.stringify(basePath)}`);
  }
}

/**
 * Prepares the per-app pieces once and returns the function that answers each HTTP event. `buffered` (the `lambda()`
 * handler) marks the execution context with `bufferedResponse: true`, so a module that would stream to the client
 * before the answer (fw-mcp's server-to-client requests) knows nothing reaches it until the response is complete.
 */
export function httpInvoker(
  app: CoreFw,
  options: LambdaOptions,
  buffered = false,
): { isBinary: BinaryTest; answer(kind: HttpKind, event: unknown, context: LambdaContext): Promise<HttpAnswer> } {
  checkOptions(options);
  return {
    isBinary: binaryTest(options.binaryMediaTypes),
    async answer(kind, event, context) {
      const pending: Promise<unknown>[] = [];
      let request: Request;
      try {
        request = readRequest(kind, event, options);
      } catch (error) {
        return { response: errorResponse(app, event, error), pending };
      }
      const waitUntil = (promise: Promise<unknown>) => void pending.push(promise);
      const executionCtx = buffered ? { waitUntil, bufferedResponse: true } : { waitUntil };
      // The buffered handler reads each answer whole, so it lends the light responses; the streaming one hands real ones to Lambda.
      const env = buffered ? { event, context, [responseFactory]: lightResponseFactory } : { event, context };
      try {
        return { response: await app.fetch(request, env, executionCtx), pending };
      } catch (error) {
        console.error('fw/lambda: the app threw instead of answering', error);
        return { response: errorResponse(app, event, error), pending };
      }
    },
  };
}
