/** Test helpers for the core: call an app in process and read the whole answer. */
import type { Fw } from '../../src/app/fw';

/** A response read to the end: status, headers, text, and the parsed JSON when the body is JSON. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/** Sends a request to the app and reads the whole response. */
export async function call(app: Fw, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await app.fetch(new Request(`http://localhost${path}`, init));
  return read(response);
}

/** Reads a Response into an Answer. */
export async function read(response: Response): Promise<Answer> {
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, headers: response.headers, text, json: type.includes('json') && text ? JSON.parse(text) : undefined };
}

/** POSTs a JSON body. */
export function postJson(app: Fw, path: string, body: unknown, method = 'POST'): Promise<Answer> {
  return call(app, path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}
