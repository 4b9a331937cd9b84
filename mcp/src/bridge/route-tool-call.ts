import type { CoreFw, RouteInfo } from 'fw';
import { pathParams, sendsBody } from './route-tool-schema';
import type { CallToolResult } from '../types';
import { callInProcess, inProcessCaller, type InProcessCaller, type InProcessRequest } from './in-process-call';

/** A `tools/call` result, as the protocol layer defines it. */
export type ToolResult = CallToolResult;

/** Options of a route tool call: request headers, the origin of its URL, and the client it is made for. */
export interface RouteCallOptions {
  headers?: Headers | Record<string, string>;
  origin?: string;
  /** The client and limits of the tool call (default: an anonymous caller with default limits). */
  caller?: InProcessCaller;
}

function fillPath(path: string, args: Record<string, unknown>): string {
  return path
    .split('/')
    .map((segment) => {
      if (segment === '*')
        return String(args.wildcard ?? '')
          .split('/')
          .map(encodeURIComponent)
          .join('/');
      if (segment.startsWith(':')) return encodeURIComponent(String(args[segment.slice(1)]));
      return segment;
    })
    .join('/');
}

function queryOf(route: RouteInfo, args: Record<string, unknown>): string {
  const skip = new Set([...pathParams(route.path), 'body']);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    if (skip.has(key) || value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value])
      search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** What a route tool call sends through the app: path filled in, query and JSON body from the arguments. */
export function routeRequest(
  route: RouteInfo,
  args: Record<string, unknown>,
  options: RouteCallOptions = {},
): InProcessRequest & { url: string } {
  const method = route.method === 'ALL' ? 'GET' : route.method;
  const headers = new Headers(options.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json, text/*;q=0.9, */*;q=0.8');
  let body: string | undefined;
  if (sendsBody(method) && args.body !== undefined) {
    body = JSON.stringify(args.body);
    headers.set('content-type', 'application/json');
  }
  const url = `${options.origin ?? 'http://localhost'}${fillPath(route.path, args)}${queryOf(route, args)}`;
  return { url, method, headers, body };
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Turns an app Response into a tool result: JSON objects as structured content plus text, text as text, binary by media type. */
export async function responseToToolResult(response: Response, url: string): Promise<ToolResult> {
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  const isError = response.status >= 400;
  const mime = type.split(';')[0].trim() || 'application/octet-stream';
  let result: ToolResult;
  if (response.status === 204 || response.body === null) {
    result = { content: [{ type: 'text', text: `${response.status} ${response.statusText || 'No Content'}`.trim() }] };
  } else if (mime === 'application/json' || mime.endsWith('+json')) {
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    result = { content: [{ type: 'text', text }] };
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) && !isError)
      result.structuredContent = parsed as Record<string, unknown>;
  } else if (
    mime.startsWith('text/') ||
    mime.endsWith('+xml') ||
    mime === 'application/xml' ||
    mime === 'application/yaml' ||
    mime === 'application/javascript'
  ) {
    result = { content: [{ type: 'text', text: await response.text() }] };
  } else {
    const data = base64(new Uint8Array(await response.arrayBuffer()));
    if (mime.startsWith('image/')) result = { content: [{ type: 'image', data, mimeType: mime }] };
    else if (mime.startsWith('audio/')) result = { content: [{ type: 'audio', data, mimeType: mime }] };
    else result = { content: [{ type: 'resource', resource: { uri: url, mimeType: mime, blob: data } }] };
  }
  if (isError) {
    result.isError = true;
    result.content.unshift({ type: 'text', text: `HTTP ${response.status}` });
  }
  return result;
}

/**
 * Calls a route through the app in process (`callInProcess`), so hooks, middleware, auth and validation all apply
 * and the client's principal, scopes and forwarded headers go with it.
 */
export async function callRoute(
  app: CoreFw,
  route: RouteInfo,
  args: Record<string, unknown>,
  options: RouteCallOptions = {},
): Promise<ToolResult> {
  const request = routeRequest(route, args, options);
  const response = await callInProcess(app, request, options.caller ?? inProcessCaller());
  return responseToToolResult(response, request.url);
}
