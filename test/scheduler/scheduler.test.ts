import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Fw } from '../../src/app/fw';
import { SCHEDULER_STATE_KEY, Scheduler, scheduler, type JobRun } from '../../src/scheduler';

describe('Scheduler on in-process timers (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:30Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('runs a job at each scheduled minute until stopped', async () => {
    const runs: JobRun[] = [];
    const s = new Scheduler({
      timezone: 'UTC',
      jobs: [
        {
          name: 'tick',
          cron: '* * * * *',
          handler: (run) => {
            runs.push(run);
          },
        },
      ],
    });
    s.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ name: 'tick', trigger: 'timer' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs).toHaveLength(3);
    s.stop();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(runs).toHaveLength(3);
    expect(s.list()[0]).toMatchObject({ runs: 3, failures: 0, running: false });
  });

  it('never overlaps a job with itself: a run still going makes the next one skip', async () => {
    let release!: () => void;
    let started = 0;
    const s = new Scheduler({
      timezone: 'UTC',
      jobs: [
        {
          name: 'slow',
          cron: '* * * * *',
          handler: () => {
            started++;
            return new Promise<void>((r) => {
              release = r;
            });
          },
        },
      ],
    });
    s.start();
    await vi.advanceTimersByTimeAsync(30_000 + 60_000 * 2);
    expect(started).toBe(1);
    expect(s.list()[0]).toMatchObject({ running: true, skipped: 2 });
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(started).toBe(2);
    release();
    s.stop();
  });

  it('logs a failing job and keeps scheduling it and the others', async () => {
    const errors: [string, string][] = [];
    const ok = vi.fn();
    const s = new Scheduler({
      timezone: 'UTC',
      onError: (e, job) => errors.push([job, (e as Error).message]),
      jobs: [
        {
          name: 'bad',
          cron: '* * * * *',
          handler: () => {
            throw new Error('job broke');
          },
        },
        { name: 'good', cron: '* * * * *', handler: ok },
      ],
    });
    s.start();
    await vi.advanceTimersByTimeAsync(30_000 + 60_000);
    s.stop();
    expect(errors).toEqual([
      ['bad', 'job broke'],
      ['bad', 'job broke'],
    ]);
    expect(ok).toHaveBeenCalledTimes(2);
    expect(s.list().find((j) => j.name === 'bad')).toMatchObject({ failures: 2, lastError: 'job broke' });
  });

  it("respects each job's time zone", async () => {
    vi.setSystemTime(new Date('2026-01-01T13:59:00Z'));
    const ran = vi.fn();
    const s = new Scheduler({ jobs: [{ name: 'ny9am', cron: '0 9 * * *', timezone: 'America/New_York', handler: ran }] });
    expect(s.list()[0].nextRunAt?.toISOString()).toBe('2026-01-01T14:00:00.000Z');
    s.start();
    await vi.advanceTimersByTimeAsync(60_000);
    s.stop();
    expect(ran).toHaveBeenCalledTimes(1);
  });
});

describe('runScheduled (workers cron triggers, Lambda EventBridge)', () => {
  it('runs the jobs whose expression equals the trigger, else those matching the time', async () => {
    const ran: string[] = [];
    const s = new Scheduler({
      timezone: 'UTC',
      jobs: [
        {
          name: 'every5',
          cron: '*/5 * * * *',
          handler: (r) => {
            ran.push(`every5@${r.scheduledTime.toISOString()}:${r.trigger}`);
          },
        },
        {
          name: 'nightly',
          cron: '0 3 * * *',
          handler: () => {
            ran.push('nightly');
          },
        },
      ],
    });
    const at = new Date('2026-01-01T03:00:00Z');
    expect(await s.runScheduled('*/5  *  * * *', at)).toEqual({ ran: ['every5'], failed: [], skipped: [] });
    expect(await s.runScheduled('cron(0 3 * * ? *)', at)).toEqual({ ran: ['every5', 'nightly'], failed: [], skipped: [] });
    expect(await s.runScheduled('nightly', at)).toEqual({ ran: ['nightly'], failed: [], skipped: [] });
    expect(await s.runScheduled('0 4 * * *', new Date('2026-01-01T04:02:00Z'))).toEqual({ ran: [], failed: [], skipped: [] });
    expect(ran[0]).toBe('every5@2026-01-01T03:00:00.000Z:cron-trigger');
  });

  it('reports failures and skipped overlaps instead of throwing', async () => {
    let release!: () => void;
    const s = new Scheduler({
      onError: () => undefined,
      jobs: [
        {
          name: 'hang',
          cron: '0 * * * *',
          handler: () =>
            new Promise<void>((r) => {
              release = r;
            }),
        },
        {
          name: 'fail',
          cron: '0 * * * *',
          handler: () => {
            throw new Error('x');
          },
        },
      ],
    });
    const first = s.runScheduled('0 * * * *');
    expect(await s.runScheduled('0 * * * *')).toEqual({ ran: [], failed: ['fail'], skipped: ['hang'] });
    release();
    expect(await first).toEqual({ ran: ['hang'], failed: ['fail'], skipped: [] });
  });

  it('rejects bad input with clear errors', async () => {
    const s = new Scheduler();
    await expect(s.runScheduled(5 as never)).rejects.toThrow(/cron string/);
    await expect(s.runScheduled('* * * * *', new Date('nope'))).rejects.toThrow(/valid Date/);
    await expect(s.runJob('missing')).rejects.toThrow(/No scheduler job named "missing"/);
    expect(() => s.add({ name: 'x', cron: 'bad', handler: () => {} })).toThrow(/Invalid cron expression "bad"/);
    expect(() => s.add({ name: '', cron: '* * * * *', handler: () => {} })).toThrow(/"name"/);
    expect(() => s.add({ name: 'x', cron: '* * * * *', handler: 1 as never })).toThrow(/"handler" must be a function/);
    expect(() => s.add({ name: 'x', cron: '* * * * *', timezone: 'No/Where', handler: () => {} })).toThrow(/Invalid time zone/);
    s.add({ name: 'x', cron: '* * * * *', handler: () => {} });
    expect(() => s.add({ name: 'x', cron: '* * * * *', handler: () => {} })).toThrow(/already exists/);
  });
});

describe('scheduler() plugin', () => {
  it('registers as app state fw:scheduler, starts with the app and stops with it', async () => {
    const plugin = scheduler({ timezone: 'UTC', jobs: [{ name: 'j', cron: '* * * * *', handler: () => {} }] });
    const app = new Fw();
    await app.plugin(plugin);
    expect(app.state(SCHEDULER_STATE_KEY)).toBe(plugin.scheduler);
    expect(plugin.scheduler.running).toBe(false);
    await app.ready();
    expect(plugin.scheduler.running).toBe(true);
    await app.stop();
    expect(plugin.scheduler.running).toBe(false);
  });

  it('timers: false leaves scheduling to triggers', async () => {
    const plugin = scheduler({ timers: false });
    const app = new Fw();
    await app.plugin(plugin);
    await app.ready();
    expect(plugin.scheduler.running).toBe(false);
  });
});
