/**
 * fw/lambda declares its own event, result and context types (targets/lambda/aws-types.ts) so that installing fw
 * brings no @types/aws-lambda. Here the real @types/aws-lambda types assign to fw's and back (`npm run typecheck`
 * compiles every `toExtend` below), and real-typed fixture events go through `lambda()` into real-typed results.
 */
import type * as Aws from 'aws-lambda';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Fw } from '../../../src/index';
import { lambda } from '../../../targets/lambda/index';
import type * as F from '../../../targets/lambda/index';
import { lambdaContext } from '../../fixtures/lambda/context';
import { fixture } from './fixtures';

describe('fw/lambda types and @types/aws-lambda assign both ways', () => {
  it('HTTP events: v1, v2, function URL, ALB', () => {
    expectTypeOf<Aws.APIGatewayProxyEvent>().toExtend<F.APIGatewayProxyEvent>();
    expectTypeOf<F.APIGatewayProxyEvent>().toExtend<Aws.APIGatewayProxyEvent>();
    expectTypeOf<Aws.APIGatewayProxyEventV2>().toExtend<F.APIGatewayProxyEventV2>();
    expectTypeOf<F.APIGatewayProxyEventV2>().toExtend<Aws.APIGatewayProxyEventV2>();
    expectTypeOf<Aws.LambdaFunctionURLEvent>().toExtend<F.LambdaFunctionURLEvent>();
    expectTypeOf<F.LambdaFunctionURLEvent>().toExtend<Aws.LambdaFunctionURLEvent>();
    expectTypeOf<Aws.ALBEvent>().toExtend<F.ALBEvent>();
    expectTypeOf<F.ALBEvent>().toExtend<Aws.ALBEvent>();
    expectTypeOf<Aws.APIGatewayProxyEvent | Aws.APIGatewayProxyEventV2 | Aws.ALBEvent>().toExtend<F.LambdaHttpEvent>();
    expectTypeOf<F.LambdaHttpEvent>().toExtend<Aws.APIGatewayProxyEvent | Aws.APIGatewayProxyEventV2 | Aws.ALBEvent>();
  });

  it('HTTP results', () => {
    expectTypeOf<Aws.APIGatewayProxyResult>().toExtend<F.APIGatewayProxyResult>();
    expectTypeOf<F.APIGatewayProxyResult>().toExtend<Aws.APIGatewayProxyResult>();
    expectTypeOf<Aws.APIGatewayProxyStructuredResultV2>().toExtend<F.APIGatewayProxyStructuredResultV2>();
    expectTypeOf<F.APIGatewayProxyStructuredResultV2>().toExtend<Aws.APIGatewayProxyStructuredResultV2>();
    expectTypeOf<F.APIGatewayProxyStructuredResultV2>().toExtend<Aws.LambdaFunctionURLResult>();
    expectTypeOf<Aws.ALBResult>().toExtend<F.ALBResult>();
    expectTypeOf<F.ALBResult>().toExtend<Aws.ALBResult>();
    expectTypeOf<F.LambdaHttpResult>().toExtend<Aws.APIGatewayProxyResult | Aws.APIGatewayProxyStructuredResultV2 | Aws.ALBResult>();
  });

  it('the context and the SQS and EventBridge events', () => {
    expectTypeOf<Aws.Context>().toExtend<F.LambdaContext>();
    expectTypeOf<F.LambdaContext>().toExtend<Aws.Context>();
    expectTypeOf<Aws.SQSEvent>().toExtend<F.SQSEvent>();
    expectTypeOf<F.SQSEvent>().toExtend<Aws.SQSEvent>();
    expectTypeOf<Aws.ScheduledEvent>().toExtend<F.ScheduledEvent>();
    expectTypeOf<F.ScheduledEvent>().toExtend<Aws.ScheduledEvent>();
    expectTypeOf<Aws.EventBridgeEvent<string, unknown>>().toExtend<F.EventBridgeEvent<string, unknown>>();
    expectTypeOf<F.EventBridgeEvent<string, unknown>>().toExtend<Aws.EventBridgeEvent<string, unknown>>();
    expectTypeOf<(event: Aws.SQSEvent, context: Aws.Context) => void>().toExtend<NonNullable<F.LambdaEventHandlers['sqs']>>();
  });
});

describe('real-typed events through lambda()', () => {
  const app = new Fw();
  const answer = (ctx: { env: unknown }) => {
    const env = ctx.env as F.LambdaEnv;
    const context: Aws.Context = env.context;
    return { fn: context.functionName };
  };
  app.get('/users/:id', answer);
  app.post('/my/path', answer);
  app.get('/hello', answer);
  const handler = lambda(app);

  it('answers each event kind with a result the @types/aws-lambda result types accept', async () => {
    const v1 = fixture<Aws.APIGatewayProxyEvent>('apigw-v1');
    const v2 = fixture<Aws.APIGatewayProxyEventV2>('apigw-v2');
    const url = fixture<Aws.LambdaFunctionURLEvent>('function-url');
    const alb = fixture<Aws.ALBEvent>('alb-multi');
    const results: F.LambdaHttpResult[] = [];
    for (const event of [v1, v2, url, alb] satisfies F.LambdaHttpEvent[]) {
      results.push((await handler(event, lambdaContext())) as F.LambdaHttpResult);
    }
    const [r1, r2, r3, r4] = results;
    const asV1: Aws.APIGatewayProxyResult = r1 as F.APIGatewayProxyResult;
    const asV2: Aws.APIGatewayProxyStructuredResultV2 = r2 as F.APIGatewayProxyStructuredResultV2;
    const asUrl: Aws.LambdaFunctionURLResult = r3 as F.APIGatewayProxyStructuredResultV2;
    const asAlb: Aws.ALBResult = r4 as F.ALBResult;
    for (const result of [asV1, asV2, asUrl as Aws.APIGatewayProxyStructuredResultV2, asAlb]) {
      expect(result.statusCode).toBe(200);
      expect(JSON.parse(result.body ?? '')).toEqual({ fn: 'fw-example' });
    }
    expect(asV1.multiValueHeaders).toBeTypeOf('object');
    expect(asAlb.statusDescription).toMatch(/^\d{3}/);
  });
});
