import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { runWorkflow } from '../../mcp/src/workflows/run-workflow';
import { createBuiltinWorkflows } from '../../mcp/src/workflows/builtin';
import { workflowTools } from '../../mcp/src/workflows/workflow-tools';
import type { Workflow } from '../../mcp/src/workflow-definition';

function app(): Fw {
  const a = new Fw();
  const users = new Map<string, { id: string; name: string }>();
  a.get('/users/:id', (ctx) => users.get(ctx.params.id) ?? (ctx.status(404) && { error: 'missing' }));
  a.post('/users', async (ctx) => {
    const body = await ctx.body<{ name: string }>();
    const user = { id: String(users.size + 1), name: body.name };
    users.set(user.id, user);
    return ctx.status(201) && user;
  });
  return a;
}

let external: Server;
let externalUrl = '';
beforeAll(async () => {
  external = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ from: 'outside' }));
  });
  await new Promise<void>((resolve) => external.listen(0, '127.0.0.1', resolve));
  externalUrl = `http://127.0.0.1:${(external.address() as { port: number }).port}/x`;
});
afterAll(() => new Promise<void>((resolve) => external.close(() => resolve())));

describe('runWorkflow', () => {
  it('passes each step the previous output and ends at the result step', async () => {
    const logs: unknown[] = [];
    const progress: Array<[number, number]> = [];
    const wf: Workflow = {
      name: 'greet',
      description: 'x',
      input: { name: { type: 'string' }, times: { type: 'integer', default: 2 } },
      steps: [
        { type: 'code', run: (input) => `hi ${input.name}` },
        { type: 'log', message: (_i, prev) => `made ${String(prev)}` },
        { type: 'delay', ms: 1 },
        { type: 'code', run: (input, prev) => String(prev).repeat(Number(input.times)) },
        { type: 'result', value: (_i: Record<string, unknown>, prev: unknown) => ({ text: prev }) },
        { type: 'code', run: () => 'never' },
      ],
    };
    const run = await runWorkflow(wf, { name: 'Ada' }, { log: (_l, d) => logs.push(d), onProgress: (d, t) => progress.push([d, t]) });
    expect(run).toMatchObject({ ok: true, output: { text: 'hi Adahi Ada' } });
    expect(run.steps).toHaveLength(5);
    expect(logs).toEqual(['made hi Ada']);
    expect(progress).toEqual([
      [1, 6],
      [2, 6],
      [3, 6],
      [4, 6],
      [5, 6],
    ]);
  });

  it('rejects bad input before any step runs', async () => {
    let ran = false;
    const wf: Workflow = {
      name: 'w',
      description: '',
      input: { n: { type: 'integer' } },
      steps: [{ type: 'code', run: () => (ran = true) }],
    };
    const run = await runWorkflow(wf, { n: 'x' });
    expect(run.ok).toBe(false);
    expect(run.error).toMatchObject({ step: 'input' });
    expect(ran).toBe(false);
  });

  it('stops at a failing step and names it', async () => {
    const wf: Workflow = {
      name: 'w',
      description: '',
      steps: [
        { type: 'code', name: 'first', run: () => 1 },
        {
          type: 'code',
          name: 'boom',
          run: () => {
            throw new Error('kaput');
          },
        },
        { type: 'code', name: 'after', run: () => 3 },
      ],
    };
    const run = await runWorkflow(wf);
    expect(run).toMatchObject({ ok: false, error: { step: 'boom', index: 1, message: 'kaput' } });
    expect(run.steps.map((s) => s.name)).toEqual(['first', 'boom']);
  });

  it('calls relative URLs in process and allowed absolute ones with fetch; mutations need allowMutation', async () => {
    const a = app();
    const wf: Workflow = {
      name: 'create-then-read',
      description: '',
      allowedOrigins: [new URL(externalUrl).origin],
      input: { name: { type: 'string' } },
      steps: [
        {
          type: 'http',
          url: '/users',
          method: 'POST',
          body: (input: Record<string, unknown>) => ({ name: input.name }),
          transform: (r) => r.body,
        },
        { type: 'http', url: (_i, prev) => `/users/${(prev as { id: string }).id}` },
        { type: 'http', url: () => externalUrl, transform: (r) => r.body },
      ],
    };
    const refused = await runWorkflow(wf, { name: 'Ada' }, { app: a });
    expect(refused.error?.message).toContain('needs allowMutation');
    const run = await runWorkflow(wf, { name: 'Ada' }, { app: a, allowMutation: true });
    expect(run).toMatchObject({ ok: true, output: { from: 'outside' } });
    const noApp = await runWorkflow(wf, { name: 'Ada' }, { allowMutation: true });
    expect(noApp.error?.message).toContain('needs an app');
  });

  it('stops on abort', async () => {
    const controller = new AbortController();
    const wf: Workflow = { name: 'slow', description: '', steps: [{ type: 'delay', ms: 10_000 }] };
    const pending = runWorkflow(wf, {}, { signal: controller.signal });
    controller.abort(new Error('cancelled by client'));
    expect((await pending).error?.message).toBe('cancelled by client');
  });
});

describe('built-in workflows and workflow tools', () => {
  it('fw/http-request, fw/chain-requests and fw/app-snapshot work against a live app', async () => {
    const a = app();
    const tools = workflowTools(
      () => createBuiltinWorkflows(a),
      () => a,
      true,
    );
    const byName = (n: string) => tools.find((t) => t.name === n)!;
    const created = await byName('fw/http-request').handler({ path: '/users', method: 'POST', body: { name: 'Lin' } });
    expect((created.structuredContent!.output as { status: number; body: unknown }).body).toEqual({ id: '1', name: 'Lin' });
    const chained = await byName('fw/chain-requests').handler({
      requests: [{ method: 'POST', path: '/users', body: { name: 'Kay' } }, { path: '/users/{{prev.id}}' }],
    });
    const responses = (chained.structuredContent!.output as { responses: Array<{ body: unknown }> }).responses;
    expect(responses[1].body).toEqual({ id: '2', name: 'Kay' });
    const broken = await byName('fw/chain-requests').handler({ requests: [{ path: '/users/99' }, { path: '/users/1' }] });
    expect(broken.isError).toBe(true);
    expect((broken.content[0] as { text: string }).text).toContain('answered 404');
    const snapshot = await byName('fw/app-snapshot').handler({});
    expect((snapshot.structuredContent!.output as { routes: unknown[] }).routes).toHaveLength(2);
  });

  it('lists workflows and runs one by name; unknown names are tool errors', async () => {
    const a = app();
    const tools = workflowTools(
      () => createBuiltinWorkflows(a),
      () => a,
      false,
    );
    const list = await tools.find((t) => t.name === 'fw/workflow/list')!.handler({});
    expect((list.structuredContent!.workflows as Array<{ name: string }>).map((w) => w.name)).toEqual([
      'fw/http-request',
      'fw/chain-requests',
      'fw/app-snapshot',
    ]);
    const runTool = tools.find((t) => t.name === 'fw/workflow/run')!;
    expect((await runTool.handler({ name: 'nope' })).isError).toBe(true);
    const refused = await runTool.handler({ name: 'fw/http-request', input: { path: '/users', method: 'POST', body: {} } });
    expect(refused.isError).toBe(true);
    const bad = await runTool.handler({ name: 'fw/http-request', input: {} });
    expect((bad.content[0] as { text: string }).text).toContain('failed at step input');
  });
});
