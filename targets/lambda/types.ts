/** Types of the Lambda target: the events it accepts, the results it returns, its options and `ctx.env`. */
import type {
  ALBEvent,
  ALBResult,
  APIGatewayProxyEvent,
  APIGatewayProxyEventV2,
  APIGatewayProxyResult,
  APIGatewayProxyStructuredResultV2,
  EventBridgeEvent,
  LambdaContext,
  SQSEvent,
  ScheduledEvent,
} from './aws-types';
import type { WarmUpOptions } from '../serverless/warm-up';

export type * from './aws-types';

/** An HTTP event from API Gateway REST (v1), HTTP API or a function URL (v2), or an ALB. */
export type LambdaHttpEvent = APIGatewayProxyEvent | APIGatewayProxyEventV2 | ALBEvent;

/** What the handler returns for an HTTP event, in the shape of the event that came in. */
export type LambdaHttpResult = APIGatewayProxyResult | APIGatewayProxyStructuredResultV2 | ALBResult;

/** What handlers see as `ctx.env` on Lambda: the raw event and the invocation context (remaining time and so on). */
export interface LambdaEnv<E extends LambdaHttpEvent = LambdaHttpEvent> {
  event: E;
  context: LambdaContext;
}

/** Handlers for events that are not HTTP requests; an event with no matching handler fails with a clear error. */
export interface LambdaEventHandlers {
  /** EventBridge scheduled rules (`detail-type: "Scheduled Event"`). */
  schedule?: (event: ScheduledEvent, context: LambdaContext) => unknown;
  /** SQS batches (`Records[].eventSource === "aws:sqs"`). */
  sqs?: (event: SQSEvent, context: LambdaContext) => unknown;
  /** Any other EventBridge event. */
  eventBridge?: (event: EventBridgeEvent<string, unknown>, context: LambdaContext) => unknown;
}

/** Options of `lambda()` and `lambdaStream()`. */
export interface LambdaOptions {
  /** Media types (wildcards allowed: `image/*`) answered base64-encoded; replaces the default rule (anything not text, JSON, XML, JS, YAML or form is binary). */
  binaryMediaTypes?: string[];
  /** Remove the stage from the path (`/prod/users` -> `/users`) when the event's path starts with it. Default false. */
  stripStage?: boolean;
  /** Remove this prefix from the path (a custom-domain base path mapping such as `/api`). */
  basePath?: string;
  /** Handlers for SQS and EventBridge events. */
  events?: LambdaEventHandlers;
  /** Warm-up run during init (module scope); `false` skips it and lets the first request compile the app. */
  warmUp?: WarmUpOptions | false;
}

/** The Lambda handler `lambda()` returns. */
export type LambdaHandler = (event: unknown, context: LambdaContext) => Promise<unknown>;
