/** Runs router case tables through `app.fetch`: URL parsing and path canonicalization included, as a request sees them. */
import { describe, expect, it } from 'vitest';
import { Fw } from '../../../src/core/fw';
import { checkRefusals, split, type RouterCase } from './table';

/** Runs each case through `app.fetch` (URL parsing and path canonicalization included): 404 where the answer is null. */
export function runFetchCases(title: string, cases: RouterCase[]): void {
  describe(title, () => {
    it.each(cases)('$name', async ({ routes, requests, refused = [] }) => {
      const app = new Fw();
      for (const written of routes) {
        const [method, path] = split(written);
        app.route(method, path, (ctx) => ({ route: written, params: ctx.params }));
      }
      checkRefusals(routes, refused, (method, path) => app.route(method, path, () => 'refused'));
      for (const [request, answer] of requests) {
        const [method, path] = split(request);
        const response = await app.fetch(new Request(`http://localhost${path}`, { method }));
        if (answer === null) {
          expect(response.status, request).toBe(404);
          continue;
        }
        expect(response.status, request).toBe(200);
        expect(await response.json(), request).toEqual({ route: answer[0], params: answer[1] ?? {} });
      }
    });
  });
}
