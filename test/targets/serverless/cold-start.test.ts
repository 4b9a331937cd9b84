import { beforeEach, describe, expect, it } from 'vitest';
import { getColdStartStats, markReady, recordWarmUp, resetColdStartStats, startInvocation } from 'fw/serverless';

describe('cold-start statistics', () => {
  beforeEach(() => resetColdStartStats());

  it('starts with no invocations and a fresh instance id', () => {
    const stats = getColdStartStats();
    expect(stats.invocations).toBe(0);
    expect(stats.coldStarts).toBe(0);
    expect(stats.coldStart).toBe(false);
    expect(stats.firstInvocationMs).toBeNull();
    expect(stats.warmUpMs).toBeNull();
    expect(stats.lastInvocationAt).toBeNull();
    expect(stats.instanceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('marks only the first invocation as cold', () => {
    startInvocation('lambda')();
    const first = getColdStartStats();
    expect(first).toMatchObject({ target: 'lambda', coldStart: true, coldStarts: 1, invocations: 1, warmInvocations: 0 });
    expect(first.firstInvocationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(first.lastInvocationAt!)).not.toBeNaN();

    startInvocation('lambda')();
    startInvocation('lambda')();
    const later = getColdStartStats();
    expect(later).toMatchObject({ coldStart: false, coldStarts: 1, invocations: 3, warmInvocations: 2 });
    expect(later.firstInvocationMs).toBe(first.firstInvocationMs);
    expect(later.instanceId).toBe(first.instanceId);
  });

  it('records the first invocation duration only when its end is reported', () => {
    const end = startInvocation('worker');
    expect(getColdStartStats().firstInvocationMs).toBeNull();
    end();
    const recorded = getColdStartStats().firstInvocationMs;
    expect(recorded).not.toBeNull();
    end();
    expect(getColdStartStats().firstInvocationMs).toBe(recorded);
  });

  it('keeps the first markReady and the warm-up duration', () => {
    recordWarmUp(12.5);
    markReady();
    const ready = getColdStartStats().initDurationMs;
    markReady();
    expect(getColdStartStats().initDurationMs).toBe(ready);
    expect(getColdStartStats().warmUpMs).toBe(12.5);
    expect(getColdStartStats().uptimeMs).toBeGreaterThanOrEqual(ready);
  });

  it('gives a new instance id after reset and ignores ends from the old instance', () => {
    const before = getColdStartStats().instanceId;
    const end = startInvocation('node');
    resetColdStartStats();
    end();
    const after = getColdStartStats();
    expect(after.instanceId).not.toBe(before);
    expect(after.invocations).toBe(0);
    expect(after.firstInvocationMs).toBeNull();
  });
});
