import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Fw, lifecycle, LifecycleManager } from 'fw';
import { gracefulServer, serve } from 'fw/node';

const fixture = fileURLToPath(new URL('./fixtures/bare-shutdown.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const encoder = new TextEncoder();

/** An app with the lifecycle plugin (no signals) whose verbose lines are collected, and two streaming routes. */
async function appWithLifecycle(timeout: number) {
  const lines: string[] = [];
  const plugin = lifecycle({ timeout, verbose: true, log: (line) => lines.push(line), handleSignals: false });
  const app = new Fw();
  await app.plugin(plugin);
  app.get('/endless', () => {
    let timer: ReturnType<typeof setInterval>;
    return new Response(
      new ReadableStream({
        start: (c) => {
          timer = setInterval(() => c.enqueue(encoder.encode('tick;')), 50);
        },
        cancel: () => clearInterval(timer),
      }),
    );
  });
  app.get('/three', () => {
    let sent = 0;
    return new Response(
      new ReadableStream({
        async pull(c) {
          await new Promise((r) => setTimeout(r, 100));
          if (sent === 3) return c.close();
          sent++;
          c.enqueue(encoder.encode(`part${sent};`));
        },
      }),
    );
  });
  app.get('/late-endless', async () => {
    await new Promise((r) => setTimeout(r, 150));
    let timer: ReturnType<typeof setInterval>;
    return new Response(
      new ReadableStream({
        start: (c) => {
          timer = setInterval(() => c.enqueue(encoder.encode('tock;')), 50);
        },
        cancel: () => clearInterval(timer),
      }),
    );
  });
  app.get('/', () => 'hi');
  const server = await serve(app, { port: 0, hostname: '127.0.0.1' });
  const handle = gracefulServer(server);
  plugin.manager.attach(handle);
  return { manager: plugin.manager, server, handle, lines };
}

/** Reads a streamed body to its end; resolves with what came and how it ended. */
async function readAll(res: Response): Promise<{ text: string; ended: 'done' | 'cut' }> {
  const reader = res.body!.getReader();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, ended: 'done' };
      text += new TextDecoder().decode(value);
    }
  } catch {
    return { text, ended: 'cut' };
  }
}

describe('fw/node graceful shutdown: what is reported', () => {
  it('reports a streaming response cut at the drain deadline as a time-out, not a clean stop', async () => {
    const { manager, server, handle, lines } = await appWithLifecycle(800);
    const res = await fetch(`${server.url}/endless`);
    const reading = readAll(res);
    const report = await manager.shutdown('test');
    expect(report).toMatchObject({ drained: false, timedOut: true });
    expect(lines).toContain('[fw lifecycle] time-out with 1 request(s) still in flight');
    expect(handle.requestsCut).toBe(1);
    const body = await reading;
    expect(body.ended).toBe('cut');
    expect(body.text).toContain('tick;');
  });

  it('reports a time-out when a handler running at shutdown returns a stream that the deadline cuts', async () => {
    const { manager, server, handle } = await appWithLifecycle(800);
    const response = fetch(`${server.url}/late-endless`);
    await new Promise((r) => setTimeout(r, 50));
    const shutdown = manager.shutdown('test');
    const reading = readAll(await response);
    const report = await shutdown;
    expect(handle.requestsCut).toBe(1);
    expect(report.timedOut).toBe(true);
    expect((await reading).text).toContain('tock;');
  });

  it('waits for a streaming response that ends before the deadline and reports a clean stop', async () => {
    const { manager, server, handle } = await appWithLifecycle(3000);
    const res = await fetch(`${server.url}/three`);
    const reading = readAll(res);
    const report = await manager.shutdown('test');
    expect(await reading).toEqual({ text: 'part1;part2;part3;', ended: 'done' });
    expect(report).toMatchObject({ drained: true, timedOut: false });
    expect(handle.requestsCut).toBe(0);
  });

  it('does not count an idle keep-alive connection closed at the deadline as a cut request', async () => {
    const { manager, server, handle } = await appWithLifecycle(600);
    const socket = connect(server.port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (d) => (answer += d));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET / HTTP/1.1\r\nhost: x\r\n\r\n');
    while (!answer.endsWith('hi')) await new Promise((r) => setTimeout(r, 10));
    const report = await manager.shutdown('test');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(report).toMatchObject({ drained: true, timedOut: false });
    expect(handle.requestsCut).toBe(0);
  });

  it('counts a request cut by a bare manager (no plugin counting requests) on the handle', async () => {
    const manager = new LifecycleManager({ timeout: 500 });
    const app = new Fw().get('/slow', () => new Promise((r) => setTimeout(() => r('late'), 3000)));
    const server = await serve(app, { port: 0, hostname: '127.0.0.1' });
    const handle = gracefulServer(server);
    manager.attach(handle);
    const pending = fetch(`${server.url}/slow`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((r) => setTimeout(r, 100));
    await manager.shutdown('test');
    expect(handle.requestsCut).toBe(1);
    expect(await pending).toBe('cut');
  });
});

describe('fw/node graceful shutdown on SIGTERM (real process, bare manager)', () => {
  async function start(): Promise<{ port: number; exited: Promise<number | null>; stderr: () => string; kill: () => void }> {
    const child = spawn(tsx, [fixture, '500'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const port = await new Promise<number>((resolve) =>
      createInterface({ input: child.stdout! }).on('line', (line) => resolve(JSON.parse(line).port)),
    );
    return { port, exited, stderr: () => stderr, kill: () => child.kill('SIGTERM') };
  }

  it('exits 1 and says so when the drain deadline cuts a running request', async () => {
    const server = await start();
    const pending = fetch(`http://127.0.0.1:${server.port}/slow`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((r) => setTimeout(r, 200));
    server.kill();
    expect(await server.exited).toBe(1);
    expect(await pending).toBe('cut');
    expect(server.stderr()).toContain('[fw lifecycle] drain deadline reached: cut 1 request(s) still running');
  });

  it('exits 0 when nothing was running', async () => {
    const server = await start();
    server.kill();
    expect(await server.exited).toBe(0);
    expect(server.stderr()).not.toContain('cut');
  });
});
