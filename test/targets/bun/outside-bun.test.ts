import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { bun, serve } from 'fw/bun';

describe('fw/bun outside Bun', () => {
  it('fails with a clear error instead of starting anything', async () => {
    await expect(serve(new Fw(), { port: 0 })).rejects.toThrow(/fw\/bun runs under the Bun runtime.*fw\/node/);
    await expect(new Fw({ adapter: bun() }).listen(0)).rejects.toThrow(/Bun runtime/);
  });
});
