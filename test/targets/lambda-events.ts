/**
 * A Lambda behind HTTP, as API Gateway's HTTP API or a function URL puts it: a Request as the payload 2.0 event the
 * handler receives, and the handler's result as the Response a client sees.
 */

/** An API Gateway HTTP API (payload 2.0) event for `request`, its body base64-encoded. */
export async function toEvent(request: Request, sourceIp: string): Promise<Record<string, unknown>> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  request.headers.forEach((value, name) => {
    if (name === 'cookie') cookies.push(...value.split(/;\s*/));
    else headers[name] = value;
  });
  headers.host = url.host;
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: cookies.length ? cookies : undefined,
    headers,
    requestContext: {
      accountId: '123456789012',
      apiId: 'id',
      domainName: url.host,
      domainPrefix: 'id',
      http: { method: request.method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp, userAgent: headers['user-agent'] ?? 'test' },
      requestId: 'every-target',
      routeKey: '$default',
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    body: body?.toString('base64'),
    isBase64Encoded: body !== undefined,
  };
}

export interface LambdaResult {
  statusCode: number;
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
}

/** The Response a client would see for a Lambda result. */
export function fromResult(result: LambdaResult): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers ?? {})) headers.append(name, value);
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) for (const value of values) headers.append(name, value);
  for (const cookie of result.cookies ?? []) headers.append('set-cookie', cookie);
  const bytes = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : null;
  const empty = result.statusCode === 204 || result.statusCode === 304 || result.statusCode < 200;
  return new Response(empty ? null : bytes, { status: result.statusCode, headers });
}
