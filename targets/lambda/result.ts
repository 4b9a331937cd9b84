/** Turns a Web Response into the result shape of the event that came in (v1, v2 / function URL, ALB). */
import type { ALBResult, APIGatewayProxyResult, APIGatewayProxyStructuredResultV2 } from './aws-types';
import { needsBase64, type BinaryTest } from './binary';
import { readBody } from './body';
import { lightParts, type LightParts } from '../node/light-response';
import type { HttpKind } from './detect';
import type { LambdaHttpResult } from './types';

/** A response's headers in one pass: every header but Set-Cookie, and the Set-Cookie values kept apart. */
export interface SplitHeaders {
  headers: Record<string, string>;
  cookies: string[];
}

/**
 * The headers of a light response, from the name/value pairs or content type it keeps (checked and lower-cased when
 * it was made), with no `Headers` object built: repeated names are joined with ", " as `Headers` joins them, and
 * each Set-Cookie is kept apart.
 */
function splitLight(light: LightParts): SplitHeaders {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  if (light.pairs === null) {
    if (light.contentType !== null) headers['content-type'] = light.contentType;
    return { headers, cookies };
  }
  for (const [name, value] of light.pairs) {
    if (name === 'set-cookie') cookies.push(value);
    else headers[name] = Object.hasOwn(headers, name) ? `${headers[name]}, ${value}` : value;
  }
  return { headers, cookies };
}

/** Splits the headers; Headers iteration yields each Set-Cookie on its own, so none is ever joined with ", " (Hono #3084). */
export function splitHeaders(response: Response): SplitHeaders {
  const light = lightParts(response);
  if (light !== null && light.headers === null) return splitLight(light);
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') cookies.push(value);
    else headers[name] = value;
  });
  return { headers, cookies };
}

function multi({ headers, cookies }: SplitHeaders): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const name in headers) out[name] = [headers[name]];
  if (cookies.length > 0) out['set-cookie'] = cookies;
  return out;
}

let warnedSingleCookie = false;

function albSingle({ headers, cookies }: SplitHeaders): Record<string, string> {
  if (cookies.length > 0) headers['set-cookie'] = cookies[0];
  if (cookies.length > 1 && !warnedSingleCookie) {
    warnedSingleCookie = true;
    console.warn(
      `fw/lambda: an ALB target group without multi-value headers can return one Set-Cookie; ${cookies.length - 1} dropped. Enable "lambda.multi_value_headers.enabled" on the target group.`,
    );
  }
  return headers;
}

/** Node's reason phrases, imported on the first ALB answer: a static import would load `node:http` at every cold start. */
let reasons: Promise<Record<number, string | undefined>> | null = null;

async function reasonPhrase(response: Response): Promise<string> {
  if (response.statusText) return response.statusText;
  reasons ??= import('node:http').then((http) => http.STATUS_CODES);
  return (await reasons)[response.status] ?? '';
}

/** Builds the result: `cookies[]` for v2, `multiValueHeaders` for v1 and multi-value ALB, plain `headers` for single-value ALB. */
export async function toResult(
  kind: HttpKind,
  event: { multiValueHeaders?: unknown },
  response: Response,
  isBinary: BinaryTest,
): Promise<LambdaHttpResult> {
  const split = splitHeaders(response);
  const { body, isBase64Encoded } = await readBody(response, needsBase64(split.headers, isBinary));
  const statusCode = response.status;
  if (kind === 'v2') {
    const result: APIGatewayProxyStructuredResultV2 = { statusCode, headers: split.headers, body, isBase64Encoded };
    if (split.cookies.length > 0) result.cookies = split.cookies;
    return result;
  }
  if (kind === 'v1') {
    const result: APIGatewayProxyResult = { statusCode, multiValueHeaders: multi(split), body, isBase64Encoded };
    return result;
  }
  const statusDescription = `${statusCode} ${await reasonPhrase(response)}`.trimEnd();
  const result: ALBResult = event.multiValueHeaders
    ? { statusCode, statusDescription, multiValueHeaders: multi(split), body, isBase64Encoded }
    : { statusCode, statusDescription, headers: albSingle(split), body, isBase64Encoded };
  return result;
}
