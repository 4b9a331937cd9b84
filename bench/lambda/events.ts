/** The two events every contestant answers (API Gateway v1 and v2, both for GET /users/42), and the check of an answer. */
import v1 from '../../test/fixtures/lambda/apigw-v1.json';
import functionUrl from '../../test/fixtures/lambda/function-url.json';

/** Event kinds the bench measures. */
export type Kind = 'v1' | 'v2';

/** Builds the event of a kind from the test fixtures (a fresh copy). */
export function eventFor(kind: Kind): unknown {
  if (kind === 'v1') return structuredClone(v1);
  const event = structuredClone(functionUrl);
  event.rawPath = '/users/42';
  event.requestContext.http.path = '/users/42';
  return event;
}

/** Throws unless a result is the expected answer: 200, body {"id":"42"}, header x-powered-by. */
export function checkResult(result: any, who: string): void {
  const header = result?.headers?.['x-powered-by'] ?? result?.multiValueHeaders?.['x-powered-by']?.[0];
  const ok = result?.statusCode === 200 && JSON.stringify(JSON.parse(result.body)) === '{"id":"42"}' && header === 'bench';
  if (!ok) throw new Error(`${who} answered wrongly: ${JSON.stringify(result)}`);
}
