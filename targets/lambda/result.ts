/** Turns a Web Response into the result shape of the event that came in (v1, v2 / function URL, ALB). */
import type { ALBResult, APIGatewayProxyResult, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { STATUS_CODES } from 'node:http';
import { needsBase64, type BinaryTest } from './binary';
import type { HttpKind } from './request';
import type { LambdaHttpResult } from './types';

async function readBody(response: Response, base64: boolean): Promise<string> {
  if (response.body === null) return '';
  return base64 ? Buffer.from(await response.arrayBuffer()).toString('base64') : response.text();
}

function singleHeaders(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') out[name] = value;
  });
  return out;
}

function multiHeaders(response: Response, cookies: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') out[name] = [value];
  });
  if (cookies.length > 0) out['set-cookie'] = cookies;
  return out;
}

let warnedSingleCookie = false;

function albSingle(response: Response, cookies: string[]): Record<string, string> {
  const headers = singleHeaders(response);
  if (cookies.length > 0) headers['set-cookie'] = cookies[0];
  if (cookies.length > 1 && !warnedSingleCookie) {
    warnedSingleCookie = true;
    console.warn(`fw/lambda: an ALB target group without multi-value headers can return one Set-Cookie; ${cookies.length - 1} dropped. Enable "lambda.multi_value_headers.enabled" on the target group.`);
  }
  return headers;
}

/** Builds the result: `cookies[]` for v2, `multiValueHeaders` for v1 and multi-value ALB, never cookies joined with ", " (Hono #3084). */
export async function toResult(kind: HttpKind, event: { multiValueHeaders?: unknown }, response: Response, isBinary: BinaryTest): Promise<LambdaHttpResult> {
  const isBase64Encoded = needsBase64(response.headers, isBinary);
  const body = await readBody(response, isBase64Encoded);
  const cookies = response.headers.getSetCookie();
  const statusCode = response.status;
  if (kind === 'v2') {
    const result: APIGatewayProxyStructuredResultV2 = { statusCode, headers: singleHeaders(response), body, isBase64Encoded };
    if (cookies.length > 0) result.cookies = cookies;
    return result;
  }
  if (kind === 'v1') {
    const result: APIGatewayProxyResult = { statusCode, multiValueHeaders: multiHeaders(response, cookies), body, isBase64Encoded };
    return result;
  }
  const statusDescription = `${statusCode} ${response.statusText || STATUS_CODES[statusCode] || ''}`.trimEnd();
  const result: ALBResult = event.multiValueHeaders
    ? { statusCode, statusDescription, multiValueHeaders: multiHeaders(response, cookies), body, isBase64Encoded }
    : { statusCode, statusDescription, headers: albSingle(response, cookies), body, isBase64Encoded };
  return result;
}
