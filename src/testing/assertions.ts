import { findSubsetMismatch } from './subset';

/** The error the assertion helpers throw: any test runner reports it as a failure with this message. */
export class TestAssertionError extends Error {
  override readonly name = 'TestAssertionError';
  constructor(
    message: string,
    readonly actual?: unknown,
    readonly expected?: unknown,
  ) {
    super(message);
  }
}

/** A response whose body has been read already (what `testClient` resolves to), or a plain Response. */
export interface AssertableResponse {
  status: number;
  headers: Headers;
  /** The body text, when already read. */
  text?: string | (() => Promise<string>);
}

async function bodyText(response: AssertableResponse | Response): Promise<string> {
  if (response instanceof Response) return response.clone().text();
  if (typeof response.text === 'string') return response.text;
  if (typeof response.text === 'function') return response.text();
  throw new TestAssertionError('The response has no body to check');
}

/** Fails unless the response has this status (or one of these statuses). */
export function assertStatus(response: AssertableResponse | Response, expected: number | number[]): void {
  const list = Array.isArray(expected) ? expected : [expected];
  if (!list.includes(response.status)) {
    throw new TestAssertionError(`Expected status ${list.join(' or ')}, got ${response.status}`, response.status, expected);
  }
}

/**
 * Fails unless the header is present and equal to a string, matching a RegExp, or (with `undefined`) just present;
 * pass `null` to require that the header is absent.
 */
export function assertHeader(response: AssertableResponse | Response, name: string, expected?: string | RegExp | null): void {
  const actual = response.headers.get(name);
  if (expected === null) {
    if (actual !== null) throw new TestAssertionError(`Expected no "${name}" header, got "${actual}"`, actual, null);
    return;
  }
  if (actual === null) throw new TestAssertionError(`Expected a "${name}" header, but the response has none`, null, expected);
  if (typeof expected === 'string' && actual !== expected) {
    throw new TestAssertionError(`Expected header "${name}" to be "${expected}", got "${actual}"`, actual, expected);
  }
  if (expected instanceof RegExp && !expected.test(actual)) {
    throw new TestAssertionError(`Expected header "${name}" to match ${expected}, got "${actual}"`, actual, expected);
  }
}

/** Parses a body as JSON, failing with the start of the body when it is not JSON. */
export function parseJSONBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new TestAssertionError(`Expected a JSON body, got: ${text.length > 120 ? `${text.slice(0, 117)}...` : text || '(empty)'}`);
  }
}

/** Fails unless the JSON body contains the expected subset (see `findSubsetMismatch`); resolves to the parsed body. */
export async function assertJSON(response: AssertableResponse | Response, subset: unknown): Promise<unknown> {
  const body = parseJSONBody(await bodyText(response));
  const mismatch = findSubsetMismatch(body, subset);
  if (mismatch) throw new TestAssertionError(`JSON body at ${mismatch.path}: ${mismatch.message}`, body, subset);
  return body;
}
