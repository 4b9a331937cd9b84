/** The requests the HTTP benches time and check on every server, and the answers a correct server gives. */
import { hello, middlewareAnswer, middlewareHeader, ping, poweredBy } from './http-app';

/** One request: method, path, and a JSON body for POSTs. */
export interface HttpRequestSpec {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** The timed cases' short names. */
export type CaseId = 'hello' | 'ping' | 'query' | 'body' | 'validated' | 'middleware';

/** One timed case: its request and the answer (status, content type, exact body, optional header) checked before timing. */
export interface HttpCase extends HttpRequestSpec {
  /** Short name the goals use. */
  id: CaseId;
  name: string;
  status: number;
  contentType: RegExp;
  /** The exact body text, or for JSON answers the value it must parse to. */
  answer: string | object;
  header?: readonly [string, string];
}

const json = /^application\/json/;
const text = /^text\/plain/;
const user = { name: 'Ann', age: 30 };

/** The timed cases, in the order each server runs them. */
export const httpCases: HttpCase[] = [
  { id: 'hello', name: 'hello GET /', method: 'GET', path: '/', status: 200, contentType: json, answer: hello },
  { id: 'ping', name: 'ping GET /ping', method: 'GET', path: '/ping', status: 200, contentType: text, answer: ping },
  {
    id: 'query',
    name: 'query GET /id/:id',
    method: 'GET',
    path: '/id/1?name=bun',
    status: 200,
    contentType: text,
    answer: '1 bun',
    header: poweredBy,
  },
  {
    id: 'body',
    name: 'body POST /json',
    method: 'POST',
    path: '/json',
    body: JSON.stringify(hello),
    status: 200,
    contentType: json,
    answer: hello,
  },
  {
    id: 'validated',
    name: 'validated POST /users',
    method: 'POST',
    path: '/users',
    body: JSON.stringify(user),
    status: 201,
    contentType: json,
    answer: user,
  },
  {
    id: 'middleware',
    name: 'middleware GET /mw/hello',
    method: 'GET',
    path: '/mw/hello',
    status: 200,
    contentType: text,
    answer: middlewareAnswer,
    header: middlewareHeader,
  },
];

/** Untimed checks: a background route answers, and POST /users refuses bodies every validator agrees are invalid (any 4xx). */
export const sanityChecks: Array<HttpRequestSpec & { expect: 'ok' | 'refused' }> = [
  { method: 'GET', path: '/v2/en/users/5/messages/7/attachments/9', expect: 'ok' },
  { method: 'POST', path: '/en/orders/tracking/submit', body: '{}', expect: 'ok' },
  ...[{ name: '', age: 1 }, { name: 'Ann', age: -1 }, { name: 'Ann', age: 1.5 }, { name: 'Ann' }, { age: 1 }, [1], 'x'].map((body) => ({
    method: 'POST' as const,
    path: '/users',
    body: JSON.stringify(body),
    expect: 'refused' as const,
  })),
];
