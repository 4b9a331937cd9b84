import { describe, expect, it } from 'vitest';
import { Fw } from '../../src/core';
import type { AnswerHook, Context } from '../../src/core';
import { observeAnswers } from '../../src/metrics/observe';

/** A hook that notes each answer's method, route and status, and the order it ran in. */
function noting(seen: string[], name = ''): AnswerHook {
  return (ctx, answer) => {
    const noted = (response: Response) => {
      seen.push(`${name}${ctx.method} ${ctx.routePath ?? '*'} ${response.status}`);
      return response;
    };
    const own = answer();
    return own instanceof Response ? noted(own) : own.then(noted);
  };
}

describe("the kernel's answer hook", () => {
  it('is null by default, and an app without one answers as before', async () => {
    const app = new Fw();
    app.get('/', () => 'Hi');
    expect(app.answerHook).toBeNull();
    expect(await (await app.request('/')).text()).toBe('Hi');
  });

  it('runs around every answer once the app has started: routed, async, unmatched, 405, HEAD and refused paths', async () => {
    const seen: string[] = [];
    const app = new Fw();
    app.get('/users/:id', (ctx) => ({ id: ctx.params.id }));
    app.post('/later', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return 'done';
    });
    app.answerHook = noting(seen);
    expect((await app.request('/users/7')).status).toBe(200);
    expect((await app.request('/later', { method: 'POST' })).status).toBe(200);
    expect((await app.request('/nowhere')).status).toBe(404);
    expect((await app.request('/later')).status).toBe(405);
    const head = await app.request('/users/7', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await app.request('/a%2fb')).status).toBe(400);
    expect(seen).toEqual(['GET /users/:id 200', 'POST /later 200', 'GET * 404', 'GET * 405', 'HEAD /users/:id 200', 'GET * 400']);
  });

  it('sends what the hook returns, sees the request that starts the app, and belongs to one app only', async () => {
    const seen: string[] = [];
    const observed = new Fw();
    const plain = new Fw();
    for (const app of [observed, plain]) app.get('/', () => 'Hi');
    observed.answerHook = (ctx, answer) => {
      seen.push(ctx.path);
      const own = answer();
      return own instanceof Response ? new Response(`${ctx.method}!`, { status: 201 }) : own;
    };
    const first = await observed.request('/');
    expect([first.status, await first.text()]).toEqual([201, 'GET!']);
    expect(await (await plain.request('/')).text()).toBe('Hi');
    expect(seen).toEqual(['/']);
  });
});

describe('observeAnswers (fw/metrics)', () => {
  it('calls each observer once per answer, in the order they were added, with the answer and when it started', async () => {
    const app = new Fw();
    app.get('/sync', () => 'now');
    app.get('/async', async () => 'later');
    const seen: string[] = [];
    const starts: number[] = [];
    const observer = (name: string) => (ctx: Context, response: Response, startedAt: number) => {
      seen.push(`${name} ${ctx.routePath} ${response.status}`);
      starts.push(startedAt);
    };
    observeAnswers(app, observer('first'));
    observeAnswers(app, observer('second'));
    const before = performance.now();
    await app.request('/sync');
    await app.request('/async');
    expect(seen).toEqual(['first /sync 200', 'second /sync 200', 'first /async 200', 'second /async 200']);
    for (const start of starts) expect(start).toBeGreaterThanOrEqual(before);
  });

  it('keeps a hook set before it, and leaves an app without observers untouched', async () => {
    const seen: string[] = [];
    const app = new Fw();
    app.get('/', () => 'Hi');
    app.answerHook = noting(seen, 'hook ');
    observeAnswers(app, (ctx, response) => seen.push(`observer ${ctx.routePath} ${response.status}`));
    await app.request('/');
    expect(seen).toEqual(['hook GET / 200', 'observer / 200']);
    expect(new Fw().answerHook).toBeNull();
  });
});
