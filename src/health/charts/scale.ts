/** Axis arithmetic of the dashboard's charts: round tick values and time ticks that read well. */

/** Round tick values from 0 up to at least `max` (about `count` steps of 1, 2, 2.5 or 5 times a power of ten). */
export function valueTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  if (!(step > 0) || !Number.isFinite(step)) return [0, max]; // too small (or large) to divide: one step
  const ticks: number[] = [];
  for (let i = 0; ticks.length === 0 || ticks[ticks.length - 1] < max; i++) ticks.push(Math.min(step * i, Number.MAX_VALUE));
  return ticks;
}

const second = 1000;
const timeSteps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400].map((s) => s * second);

/** Tick times (ms since the epoch) between `from` and `to`, on a round step giving at most `count` ticks. */
export function timeTicks(from: number, to: number, count = 5): { step: number; ticks: number[] } {
  const span = Math.max(to - from, second);
  const step = timeSteps.find((s) => span / s <= count) ?? Math.ceil(span / count / 86_400_000) * 86_400_000;
  const ticks: number[] = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) ticks.push(t);
  return { step, ticks };
}

/** A UTC clock time: HH:MM, or HH:MM:SS when ticks are less than a minute apart. */
export function clock(t: number, step: number): string {
  const iso = new Date(t).toISOString();
  return step < 60 * second ? iso.slice(11, 19) : iso.slice(11, 16);
}

const units: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** A short number for a label: at most 3 significant digits, with k, M, G or T for large values. */
export function shortNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1e15) return value.toExponential(1);
  for (const [size, suffix] of units) if (abs >= size) return `${trim(value / size)}${suffix}`;
  return trim(value);
}

function trim(value: number): string {
  return String(Number(value.toPrecision(3)));
}
