/**
 * A Lambda handler seen as `fetch`: each Request becomes the event API Gateway REST (payload v1), an HTTP API
 * (payload v2) or a function URL sends, and the handler's result becomes the Response; `serveFetch` puts any such
 * fetch on 127.0.0.1 so clients in other processes (the typed client's script, the MCP SDK client) reach it.
 */
import { createServer, type Server } from 'node:http';

/** The three HTTP event shapes a Lambda function gets. */
export type LambdaEventKind = 'v1' | 'v2' | 'url';

/** A handler as `lambda(app)` makes it. */
export type LambdaHandler = (event: unknown, context: unknown) => Promise<unknown>;

interface LambdaResult {
  statusCode?: number;
  headers?: Record<string, string | number | boolean>;
  multiValueHeaders?: Record<string, (string | number | boolean)[]>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
}

const context = {
  callbackWaitsForEmptyEventLoop: true,
  functionName: 'notes',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:notes',
  memoryLimitInMB: '256',
  awsRequestId: 'notes-invocation',
  logGroupName: '/aws/lambda/notes',
  logStreamName: 'local',
  getRemainingTimeInMillis: () => 30_000,
};

/** The event of `kind` for one request, from 127.0.0.1. */
export async function eventOf(kind: LambdaEventKind, request: Request, requestId: string): Promise<Record<string, unknown>> {
  const url = new URL(request.url);
  const bytes = new Uint8Array(await request.arrayBuffer());
  const body = bytes.length > 0 ? Buffer.from(bytes).toString('base64') : undefined;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const query = Object.fromEntries(url.searchParams);
  if (kind === 'v1') {
    const domainName = 'abc123.execute-api.us-east-1.amazonaws.com';
    Object.assign(headers, { host: domainName });
    return {
      resource: '/{proxy+}',
      path: url.pathname,
      httpMethod: request.method,
      headers,
      multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
      queryStringParameters: url.search ? query : null,
      multiValueQueryStringParameters: url.search
        ? Object.fromEntries([...url.searchParams.keys()].map((k) => [k, url.searchParams.getAll(k)]))
        : null,
      pathParameters: { proxy: url.pathname.slice(1) },
      stageVariables: null,
      requestContext: {
        accountId: '123456789012',
        apiId: 'abc123',
        domainName,
        httpMethod: request.method,
        identity: { sourceIp: '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
        path: `/prod${url.pathname}`,
        protocol: 'HTTP/1.1',
        requestId,
        requestTimeEpoch: Date.now(),
        resourcePath: '/{proxy+}',
        stage: 'prod',
      },
      body: body ?? null,
      isBase64Encoded: body !== undefined,
    };
  }
  const domainName = kind === 'url' ? 'abcdefghijklmnop.lambda-url.us-east-1.on.aws' : 'api.notes.example';
  Object.assign(headers, { host: domainName });
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(url.search ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: kind === 'url' ? 'anonymous' : '123456789012',
      apiId: domainName.split('.')[0],
      domainName,
      domainPrefix: domainName.split('.')[0],
      http: {
        method: request.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: '$default',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    ...(body === undefined ? {} : { body }),
    isBase64Encoded: body !== undefined,
  };
}

/** The Response of a handler's result (single- and multi-value headers, v2 cookies, base64 bodies). */
export function responseOf(result: LambdaResult): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name, String(value));
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
    headers.delete(name);
    for (const value of values) headers.append(name, String(value));
  }
  for (const cookie of result.cookies ?? []) headers.append('set-cookie', cookie);
  const status = result.statusCode ?? 200;
  const empty = status === 204 || status === 304 || result.body === undefined || result.body === '';
  const body = empty ? null : Buffer.from(result.body as string, result.isBase64Encoded ? 'base64' : 'utf8');
  return new Response(body, { status, headers });
}

/** `handler` as fetch, each request sent as an event of `kind`; `requestIds` records each event's request id. */
export function lambdaFetch(handler: LambdaHandler, kind: LambdaEventKind, requestIds: string[] = []) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const requestId = `${kind}-${requestIds.length + 1}`;
    requestIds.push(requestId);
    return responseOf((await handler(await eventOf(kind, request, requestId), context)) as LambdaResult);
  };
}

const hopByHop = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/** Serves `fetch` on an ephemeral port of 127.0.0.1 (whole bodies, no streaming); closes with `close()`. */
export async function serveFetch(fetch: (request: Request) => Promise<Response>): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && !hopByHop.has(name)) headers.set(name, value);
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' || chunks.length === 0 ? undefined : Buffer.concat(chunks);
    try {
      const response = await fetch(new Request(new URL(req.url ?? '/', 'http://127.0.0.1'), { method, headers, body }));
      res.statusCode = response.status;
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') res.setHeader(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) res.setHeader('set-cookie', cookies);
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.statusCode = 502;
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
