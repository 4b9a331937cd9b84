/** `lambdaStream(app)`: a response-streaming Lambda handler built on the runtime's `awslambda.streamifyResponse`. */
import type { CoreFw } from 'fw';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { startInvocation } from '../serverless/cold-start';
import { detectEvent } from './detect';
import { dispatchEvent } from './events';
import { startInit } from './init';
import { httpInvoker, settle } from './invoke';
import { splitHeaders } from './result';
import type { LambdaContext, LambdaOptions } from './types';

/** The streaming handler: the runtime calls it with the event, its response stream and the context. */
export type LambdaStreamHandler = (event: unknown, responseStream: Writable, context: LambdaContext) => Promise<void>;

/** The part of the runtime's global `awslambda` this handler uses. */
interface StreamingRuntime {
  streamifyResponse(handler: LambdaStreamHandler): LambdaStreamHandler;
  HttpResponseStream: { from(stream: Writable, metadata: Record<string, unknown>): Writable };
}

function runtime(): StreamingRuntime {
  const found = (globalThis as unknown as { awslambda?: Partial<StreamingRuntime> }).awslambda;
  if (typeof found?.streamifyResponse !== 'function' || typeof found.HttpResponseStream?.from !== 'function') {
    throw new Error(
      'lambdaStream() needs the global `awslambda` (streamifyResponse, HttpResponseStream) of the Lambda Node.js runtime; use lambda() outside it',
    );
  }
  return found as StreamingRuntime;
}

async function pipeBody(body: ReadableStream<Uint8Array>, out: Writable): Promise<void> {
  for await (const chunk of body) {
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
  }
}

function metadataOf(response: Response): Record<string, unknown> {
  const { headers, cookies } = splitHeaders(response);
  return { statusCode: response.status, headers, cookies };
}

/** Wraps an app as a streaming handler: status, headers and every cookie go in the prelude, the body streams with back-pressure, and the stream always ends. */
export function lambdaStream(app: CoreFw, options: LambdaOptions = {}): LambdaStreamHandler {
  const aws = runtime();
  const invoker = httpInvoker(app, options);
  const ready = startInit(app, options);
  return aws.streamifyResponse(async (event, responseStream, context) => {
    const end = startInvocation('lambda', app);
    try {
      await ready;
      const kind = detectEvent(event);
      if (kind !== 'v1' && kind !== 'v2' && kind !== 'alb') {
        const result = await dispatchEvent(app, kind, event, context, options.events);
        responseStream.end(result === undefined ? undefined : JSON.stringify(result));
        return;
      }
      const { response, pending } = await invoker.answer(kind, event, context);
      const out = aws.HttpResponseStream.from(responseStream, metadataOf(response));
      try {
        if (response.body !== null) await pipeBody(response.body, out);
        out.end();
      } catch (error) {
        console.error('fw/lambda: the response body failed while streaming', error);
        out.destroy(error as Error);
      }
      await finished(out).catch(() => undefined);
      // The client has the answer: the cold start is recorded now, so the first invocation's export carries it.
      end();
      await settle(pending);
    } finally {
      end();
    }
  });
}
