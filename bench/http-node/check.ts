/** Checks a running bench server answers every case (and the untimed sanity checks) correctly, before any timing. */
import { extraAnswer } from '../lib/http-app';
import { sanityChecks, type HttpCase, type HttpRequestSpec } from '../lib/http-cases';

function send(port: number, spec: HttpRequestSpec): Promise<Response> {
  const init: RequestInit =
    spec.body === undefined
      ? { method: spec.method }
      : { method: spec.method, body: spec.body, headers: { 'content-type': 'application/json' } };
  return fetch(`http://127.0.0.1:${port}${spec.path}`, init);
}

function sameAnswer(text: string, answer: string | object): boolean {
  if (typeof answer === 'string') return text === answer;
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(answer);
  } catch {
    return false;
  }
}

async function checkCase(port: number, c: HttpCase): Promise<string | null> {
  const res = await send(port, c);
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  const header = c.header ? res.headers.get(c.header[0]) : null;
  if (res.status === c.status && c.contentType.test(type) && sameAnswer(text, c.answer) && (!c.header || header === c.header[1]))
    return null;
  return `${c.name} answered ${res.status} ${type} ${c.header ? `${c.header[0]}: ${header} ` : ''}${JSON.stringify(text.slice(0, 120))}`;
}

async function checkSanity(port: number, spec: (typeof sanityChecks)[number]): Promise<string | null> {
  const res = await send(port, spec);
  const text = await res.text();
  const ok = spec.expect === 'ok' ? res.status === 200 && text === extraAnswer : res.status >= 400 && res.status < 500;
  return ok
    ? null
    : `${spec.method} ${spec.path} ${spec.body ?? ''} answered ${res.status} ${JSON.stringify(text.slice(0, 120))} (expected ${spec.expect === 'ok' ? `200 "${extraAnswer}"` : 'a 4xx refusal'})`;
}

/** Throws, naming every wrong answer, unless the server at `port` answers all cases and sanity checks as expected. */
export async function checkServer(name: string, port: number, cases: HttpCase[]): Promise<void> {
  const problems = [
    ...(await Promise.all(cases.map((c) => checkCase(port, c)))),
    ...(await Promise.all(sanityChecks.map((s) => checkSanity(port, s)))),
  ].filter((p) => p !== null);
  if (problems.length > 0) throw new Error(`${name} answered wrongly:\n  ${problems.join('\n  ')}`);
}
