/** Runs router case tables through `app.fetch`: URL parsing and path canonicalization included, as a request sees them. */
import { describe, expect, it } from 'vitest';
import { Fw } from '../../../src/app/fw';
import { checkRefusals, split, type Answer, type RouterCase } from './table';

/** A case run through the app: an answer may also be a status the app gives before routing (400 for a malformed path). */
export interface FetchCase extends Omit<RouterCase, 'requests'> {
  requests: [request: string, answer: Answer | number][];
  /** Options of the app the case runs on (default none). */
  config?: ConstructorParameters<typeof Fw>[0];
}

/** Runs each case through `app.fetch` on a fresh app whose handlers answer their route and params: 404 where the answer is null. */
export function runFetchCases(title: string, cases: FetchCase[]): void {
  describe(title, () => {
    it.each(cases)('$name', async ({ routes, requests, refused = [], config }) => {
      const app = new Fw(config);
      for (const written of routes) {
        const [method, path] = split(written);
        app.route(method, path, (ctx) => ({ route: written, params: ctx.params }));
      }
      checkRefusals(routes, refused, (method, path) => app.route(method, path, () => 'refused'));
      for (const [request, answer] of requests) {
        const [method, path] = split(request);
        const response = await app.fetch(new Request(`http://localhost${path}`, { method }));
        if (answer === null || typeof answer === 'number') {
          expect(response.status, request).toBe(answer ?? 404);
          continue;
        }
        expect(response.status, request).toBe(200);
        expect(await response.json(), request).toEqual({ route: answer[0], params: answer[1] ?? {} });
      }
    });
  });
}
