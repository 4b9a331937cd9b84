/**
 * contextStorage() on every target: the runtime's AsyncLocalStorage is found without an import of node:* (Node and
 * Lambda through process.getBuiltinModule, Bun likewise, workerd with the nodejs_compat flag) and keeps concurrent
 * requests apart across awaits.
 */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeEveryTarget } from '../targets/every-target';

const app = fileURLToPath(new URL('./fixtures/context-app.ts', import.meta.url));

describeEveryTarget(
  'contextStorage()',
  app,
  (client) => {
    it('gives a function the context of its own request, concurrent requests kept apart', async () => {
      const ids = ['1', '2', '3', '4', '5', '6'];
      const answers = await Promise.all(
        ids.map(async (id) => (await client().fetch(`/items/${id}`, { headers: { 'x-user': `user-${id}` } })).json()),
      );
      expect(answers).toEqual(ids.map((id) => ({ path: `/items/${id}`, user: `user-${id}`, id })));
    });
  },
  { worker: { compatibilityFlags: ['nodejs_compat'] } },
);
