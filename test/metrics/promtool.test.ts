/** Prometheus' own `promtool check metrics` (Debian's prometheus package) reads the exposition and finds no problem. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MetricsRecorder, mergeDocs, toPrometheus } from 'fw/metrics';

describe('the exposition under promtool', () => {
  it('passes `promtool check metrics` with escaped labels, histograms and cold starts', () => {
    const recorder = new MetricsRecorder({ slotMs: 60_000, slots: 10, maxRoutes: 50 });
    recorder.identify('node', 'one');
    recorder.record('GET', '/users/:id', 200, 4);
    recorder.record('GET', '/a "quoted" \\ route\nwith a break', 500, 700);
    recorder.record('*', '(unmatched)', 404, 0.2);
    recorder.recordColdStart('node', 300, 20);
    const text = toPrometheus(mergeDocs([recorder.snapshot()], { slotMs: 60_000, slots: 10, now: Date.now() }));
    const run = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: '', stderr: '' });
  });
});
