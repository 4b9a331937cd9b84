/** timeout() on every target: a slow handler is answered 504 (or 503) at the limit, and its ctx.signal aborts. */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeEveryTarget } from '../targets/every-target';

const app = fileURLToPath(new URL('./fixtures/timeout-app.ts', import.meta.url));

describeEveryTarget('timeout()', app, (client) => {
  it('lets a fast request through', async () => {
    const response = await client().fetch('/limited/fast');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('fast');
  });

  it('answers 504 at the limit and aborts the handler signal with a TimeoutError', async () => {
    const started = Date.now();
    const response = await client().fetch('/limited/slow');
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(await (await client().fetch('/last-abort')).json()).toEqual({ lastAbort: 'TimeoutError' });
  });

  it('answers 503 with the message the app chose', async () => {
    const response = await client().fetch('/busy/slow');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: 'Busy, try again' });
  });
});
