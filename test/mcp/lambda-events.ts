/** API Gateway v2 and ALB events for the fw-mcp HTTP tests, built from the fixtures in test/fixtures/lambda. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lambda } from 'fw/lambda';
import type { Fw } from 'fw';
import { lambdaContext } from '../fixtures/lambda/context';

const fixture = (name: string) => JSON.parse(readFileSync(fileURLToPath(new URL(`../fixtures/lambda/${name}`, import.meta.url)), 'utf8'));
const v2 = fixture('apigw-v2.json');
const alb = fixture('alb-single.json');

/** What a test says about one HTTP call. */
export interface CallSpec {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: unknown;
  sourceIp?: string;
}

/** The answer of a handler, as the tests read it. */
export interface LambdaAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

function bodyText(body: unknown): string | undefined {
  return body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
}

/** An API Gateway v2 event (POST /mcp with a JSON body unless told otherwise), from `sourceIp`. */
export function v2Event({ method = 'POST', path = '/mcp', headers = {}, body, sourceIp = '192.0.2.44' }: CallSpec) {
  const text = bodyText(body);
  const [rawPath, rawQueryString = ''] = path.split('?');
  return {
    ...v2,
    rawPath,
    rawQueryString,
    cookies: [],
    queryStringParameters: Object.fromEntries(new URLSearchParams(rawQueryString)),
    headers: {
      accept: 'application/json, text/event-stream',
      host: v2.headers.host,
      ...(text === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    requestContext: { ...v2.requestContext, http: { ...v2.requestContext.http, method, path: rawPath, sourceIp } },
    body: text,
  };
}

/** An ALB event (the ALB appends the peer it saw to X-Forwarded-For). */
export function albEvent({ method = 'POST', path = '/mcp', headers = {}, body }: CallSpec) {
  const text = bodyText(body);
  return {
    ...alb,
    httpMethod: method,
    path,
    queryStringParameters: {},
    headers: { host: alb.headers.host, accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
    body: text ?? '',
  };
}

/** A function that invokes `app` through fw/lambda with an event, as one Lambda instance would. */
export function lambdaInstance(app: Fw): (event: unknown) => Promise<LambdaAnswer> {
  const handler = lambda(app) as (event: unknown, context: unknown) => Promise<LambdaAnswer>;
  return (event) => handler(event, lambdaContext(30_000));
}
