import { describe, expect, it } from 'vitest';
import { runWorkerIsolates } from '../../bench/bus-loss/worker-isolates';

describe('EventBusBridge across two worker isolates on durableObjectKV (workerd through miniflare)', () => {
  it('1,000 events, the receiver killed in the middle of a poll twice: 0 lost, per-topic order kept, duplicates only from the killed polls', async () => {
    // each handler waits 5 ms, so a poll of the 250-event backlog lasts over a second and the kill at 300 ms lands in it
    // on a quiet machine too (without the wait, a fast machine finished the poll before the kill)
    const result = await runWorkerIsolates({ events: 1000, batch: 50, killsAt: [0.3, 0.65], killAfterMs: 300, handlerDelayMs: 5 });
    expect(result.unexpectedFailures).toEqual([]);
    expect(result.restarts).toBe(2);
    expect(result.killedPolls).toBe(2);
    expect(result.handledPerRun).toHaveLength(3);
    expect(result.handledInKilledPolls).toBeGreaterThan(0);
    expect(result.lost).toBe(0);
    expect(result.violations).toBe(0);
    expect(result.duplicates).toBe(result.documentedDuplicates);
    expect(result.duplicates).toBeLessThanOrEqual(result.handledInKilledPolls);
    expect(result.handledPerRun.reduce((a, b) => a + b, 0)).toBe(1000 + result.duplicates);
  }, 120_000);
});
