import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Fw, type Context } from 'fw';
import { lambdaStream, type LambdaStreamHandler } from 'fw/lambda';
import { CapturedStream, installAwsLambdaGlobal } from '../../fixtures/lambda/awslambda-stub';
import { lambdaContext } from '../../fixtures/lambda/context';
import { fixture } from './fixtures';

let uninstall: () => void;
beforeEach(() => {
  uninstall = installAwsLambdaGlobal();
});
afterEach(() => uninstall());

function streamingApp(): Fw {
  const app = new Fw();
  app.get('/hello', (ctx: Context) => {
    ctx.setCookie('a', '1');
    ctx.setCookie('b', 'x,y');
    const encoder = new TextEncoder();
    let i = 0;
    return new Response(
      new ReadableStream({
        pull(controller) {
          if (i === 50) return controller.close();
          controller.enqueue(encoder.encode(`chunk-${i++};`));
        },
      }),
      { headers: { 'content-type': 'text/plain' } },
    );
  });
  app.get('/redirect', (ctx: Context) => {
    ctx.setCookie('seen', '1');
    return ctx.redirect('/elsewhere', 301);
  });
  app.get(
    '/broken',
    () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('partial'));
            controller.error(new Error('upstream failed'));
          },
        }),
      ),
  );
  return app;
}

async function run(handler: LambdaStreamHandler, event: unknown, stream = new CapturedStream()): Promise<CapturedStream> {
  await handler(event, stream, lambdaContext());
  return stream;
}

describe('lambdaStream()', () => {
  it('is marked as a streaming handler by the runtime decorator', () => {
    const handler = lambdaStream(streamingApp());
    expect((handler as unknown as Record<symbol, unknown>)[Symbol.for('aws.lambda.runtime.handler.streaming')]).toBe('response');
  });

  it('writes status, headers and every cookie in the prelude, then the streamed body with back-pressure', async () => {
    const stream = await run(lambdaStream(streamingApp()), fixture('function-url'), new CapturedStream(4));
    expect(stream.ended).toBe(true);
    expect(stream.contentType).toBe('application/vnd.awslambda.http-integration-response');
    const { prelude, body } = stream.parse();
    expect(prelude).toEqual({ statusCode: 200, headers: { 'content-type': 'text/plain' }, cookies: ['a=1; Path=/', 'b=x%2Cy; Path=/'] });
    expect(body).toBe(Array.from({ length: 50 }, (_, i) => `chunk-${i};`).join(''));
  });

  it('ends the stream of a body-less response (a redirect) and keeps its cookie', async () => {
    const event = fixture('function-url');
    event.rawPath = '/redirect';
    const stream = await run(lambdaStream(streamingApp()), event);
    expect(stream.ended).toBe(true);
    const { prelude, body } = stream.parse();
    expect(prelude).toEqual({ statusCode: 301, headers: { location: '/elsewhere' }, cookies: ['seen=1; Path=/'] });
    expect(body).toBe('');
  });

  it('answers a malformed event with a 400 prelude and a JSON error body', async () => {
    const event = fixture('function-url');
    event.headers['x-name'] = 'naïve';
    const { prelude, body } = (await run(lambdaStream(streamingApp()), event)).parse();
    expect(prelude.statusCode).toBe(400);
    expect(JSON.parse(body)).toEqual({ error: 'Header "x-name" has a non-ASCII value', code: 'INVALID_REQUEST' });
  });

  it('destroys the stream when the body fails midway, instead of hanging', async () => {
    const event = fixture('function-url');
    event.rawPath = '/broken';
    const stream = new CapturedStream();
    const errors: Error[] = [];
    stream.on('error', (error) => errors.push(error));
    await run(lambdaStream(streamingApp()), event, stream);
    expect(stream.destroyed).toBe(true);
    expect(errors.map((e) => e.message)).toEqual(['upstream failed']);
  });

  it('works for API Gateway v1 events too', async () => {
    const app = new Fw();
    app.get('/users/:id', (ctx: Context) => ({ id: ctx.params.id }));
    const { prelude, body } = (await run(lambdaStream(app), fixture('apigw-v1'))).parse();
    expect(prelude.statusCode).toBe(200);
    expect(JSON.parse(body)).toEqual({ id: '42' });
  });

  it('fails clearly outside the Lambda runtime', () => {
    uninstall();
    expect(() => lambdaStream(new Fw())).toThrow(/needs the global `awslambda`/);
    uninstall = installAwsLambdaGlobal();
  });
});
