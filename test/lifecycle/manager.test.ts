/** The lifecycle manager and plugin: drains in-flight requests, then runs the hooks; signal wiring. @isolated: it needs
 * the process's platform services as the `fw` entry registers them. */
import { describe, expect, it, vi } from 'vitest';
import { Fw } from 'fw';
import { healthCheck } from '../../src/health';
import { LifecycleManager, lifecycle } from '../../src/lifecycle';

describe('LifecycleManager', () => {
  it('runs hooks in reverse order once, reports failures, and keeps going', async () => {
    const order: string[] = [];
    const manager = new LifecycleManager({ timeout: 1000 });
    manager.onShutdown(() => {
      order.push('first');
    }, 'first');
    manager.onShutdown(() => {
      throw new Error('broken hook');
    }, 'broken');
    const remove = manager.onShutdown(() => {
      order.push('removed');
    });
    manager.onShutdown(async (reason) => {
      order.push(`last:${reason}`);
    });
    remove();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const report = await manager.shutdown('test');
    spy.mockRestore();
    expect(order).toEqual(['last:test', 'first']);
    expect(report).toMatchObject({ reason: 'test', drained: true, timedOut: false });
    expect(report.hooks).toEqual([
      { name: 'hook 4', ok: true },
      { name: 'broken', ok: false, error: 'broken hook' },
      { name: 'first', ok: true },
    ]);
    expect(await manager.shutdown('again')).toBe(report);
  });

  it('waits for in-flight requests before the hooks', async () => {
    const manager = new LifecycleManager({ timeout: 5000 });
    const order: string[] = [];
    manager.onShutdown(() => {
      order.push('hook');
    });
    const done = manager.requestStarted();
    const shutdown = manager.shutdown();
    await new Promise((r) => setTimeout(r, 20));
    expect(manager.inFlight).toBe(1);
    order.push('request finished');
    done();
    done();
    await shutdown;
    expect(order).toEqual(['request finished', 'hook']);
    expect(manager.inFlight).toBe(0);
  });

  it('a hook that hangs is cut at the deadline', async () => {
    const manager = new LifecycleManager({ timeout: 100 });
    manager.onShutdown(() => new Promise(() => {}), 'hangs');
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const report = await manager.shutdown();
    spy.mockRestore();
    expect(report.timedOut).toBe(true);
    expect(report.hooks).toEqual([{ name: 'hangs', ok: false, error: 'timed out (shutdown deadline reached)' }]);
  });

  it('rejects bad input', () => {
    expect(() => new LifecycleManager({ timeout: 0 })).toThrow(/"timeout" must be a positive number/);
    expect(() => new LifecycleManager().onShutdown('x' as never)).toThrow(/needs a function/);
    expect(() => new LifecycleManager().attach({} as never)).toThrow(/gracefulServer/);
    expect(() => lifecycle({ log: 1 as never })).toThrow(/"log" must be a function/);
  });
});

describe('lifecycle plugin', () => {
  it('marks the app not ready, answers with Connection: close while shutting down, and stops the app', async () => {
    const onStop = vi.fn();
    const plugin = lifecycle({ handleSignals: false });
    const app = new Fw();
    await app.plugin(plugin);
    await app.plugin(healthCheck());
    await app.plugin({ name: 'probe', onStop });
    let release!: () => void;
    app.get(
      '/slow',
      () =>
        new Promise<string>((r) => {
          release = () => r('done');
        }),
    );
    const slow = app.request('/slow');
    while (!release) await new Promise((r) => setImmediate(r));
    const shutdown = plugin.manager.shutdown();
    expect((await app.request('/ready')).status).toBe(503);
    release();
    const res = await slow;
    expect(await res.text()).toBe('done');
    expect(res.headers.get('connection')).toBe('close');
    await shutdown;
    expect(onStop).toHaveBeenCalledTimes(1);
  });
});

describe('lifecycle signal wiring', () => {
  it('installs SIGTERM/SIGINT handlers on Node when the app starts and removes them when it stops', async () => {
    const before = [process.listenerCount('SIGTERM'), process.listenerCount('SIGINT')];
    const app = new Fw();
    await app.plugin(lifecycle());
    await app.ready();
    expect([process.listenerCount('SIGTERM'), process.listenerCount('SIGINT')]).toEqual([before[0] + 1, before[1] + 1]);
    await app.stop();
    expect([process.listenerCount('SIGTERM'), process.listenerCount('SIGINT')]).toEqual(before);
  });

  it('is a no-op on Lambda (the runtime global awslambda is present): no handlers, onShutdown still works', async () => {
    const g = globalThis as { awslambda?: unknown };
    g.awslambda = {};
    try {
      const before = process.listenerCount('SIGTERM');
      const plugin = lifecycle();
      const app = new Fw();
      await app.plugin(plugin);
      await app.ready();
      expect(process.listenerCount('SIGTERM')).toBe(before);
      const hook = vi.fn();
      plugin.manager.onShutdown(hook);
      await plugin.manager.shutdown('test');
      expect(hook).toHaveBeenCalledWith('test');
    } finally {
      delete g.awslambda;
    }
  });
});
