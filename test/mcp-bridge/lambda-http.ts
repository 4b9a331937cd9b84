/** Serves a Lambda handler on 127.0.0.1 the way API Gateway HTTP APIs call it (payload v2), so HTTP clients can drive it. */
import { createServer, type Server } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { lambdaContext } from '../fixtures/lambda/context';

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

/** The API Gateway HTTP API (payload v2) event of one HTTP request. */
export function toEvent(method: string, url: URL, headers: Record<string, string>, body: Buffer): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: headers.cookie ? headers.cookie.split(/;\s*/) : undefined,
    headers,
    requestContext: {
      accountId: '123456789012',
      apiId: 'local',
      domainName: headers.host ?? '127.0.0.1',
      domainPrefix: 'local',
      http: { method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
      requestId: crypto.randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    body: body.length > 0 ? body.toString('base64') : undefined,
    isBase64Encoded: body.length > 0,
  };
}

/** Starts the shim on an ephemeral port; every request becomes one invocation of `handler`. */
export async function serveLambda(handler: Handler): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
    const url = new URL(req.url ?? '/', `http://${headers.host ?? '127.0.0.1'}`);
    const result = (await handler(
      toEvent(req.method ?? 'GET', url, headers, Buffer.concat(chunks)),
      lambdaContext(30_000),
    )) as APIGatewayProxyStructuredResultV2;
    res.statusCode = result.statusCode ?? 200;
    for (const [k, v] of Object.entries(result.headers ?? {})) res.setHeader(k, String(v));
    if (result.cookies?.length) res.setHeader('set-cookie', result.cookies);
    res.end(result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
