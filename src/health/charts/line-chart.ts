import { escapeHtml } from '../escape';
import { clock, shortNumber, timeTicks, valueTicks } from './scale';

/** One line of a chart: a value per slot of the chart's `times` (null where there is none: the line breaks there). */
export interface ChartSeries {
  /** What the legend and the tooltips call it (a route pattern, a target, a percentile). */
  name: string;
  /** Stroke colour (a presentation attribute, so a strict CSP allows it). */
  color: string;
  dashed?: boolean;
  values: (number | null)[];
}

/** What a line chart shows: series over the slots of a time window. */
export interface LineChartSpec {
  /** Unique in the page: prefixes the ids that `aria-labelledby` points at. */
  id: string;
  title: string;
  /** The y axis' label, with its unit (`req/s`, `ms`, `% 5xx`). */
  unit: string;
  /** Slot starts (ms since the epoch), oldest first. */
  times: number[];
  slotMs: number;
  from: number;
  to: number;
  series: ChartSeries[];
  /** What the chart says when no series has a value. */
  emptyText: string;
}

const width = 400;
const height = 220;
const left = 46;
const right = 12;
const top = 14;
const bottom = 40;
const plotWidth = width - left - right;
const plotHeight = height - top - bottom;

/** One decimal is enough at this size, and keeps the markup short. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** The largest finite value of the series (0 when there is none). */
function maxValue(series: ChartSeries[]): number {
  let max = 0;
  for (const s of series) for (const v of s.values) if (v !== null && Number.isFinite(v) && v > max) max = v;
  return max;
}

/** Maps times and values to plot coordinates (a time outside the window sits on its edge). */
function projection(spec: LineChartSpec, yMax: number): { x(t: number): number; y(v: number): number } {
  const span = spec.to - spec.from > 0 ? spec.to - spec.from : Math.max(spec.slotMs, 1);
  return {
    x: (t) => left + Math.min(Math.max((t - spec.from) / span, 0), 1) * plotWidth,
    y: (v) => top + plotHeight - (Math.min(v, yMax) / yMax) * plotHeight,
  };
}

/** Where a slot's point goes: the middle of the slot. */
function slotMiddle(spec: LineChartSpec, t: number): number {
  return t + (spec.slotMs > 0 ? spec.slotMs / 2 : 0);
}

/** The axes: horizontal grid lines with value labels, time ticks, and both axis titles. */
function axes(spec: LineChartSpec, yTicks: number[], x: (t: number) => number, y: (v: number) => number): string {
  const parts: string[] = [];
  for (const v of yTicks)
    parts.push(
      `<line x1="${left}" x2="${width - right}" y1="${n(y(v))}" y2="${n(y(v))}" stroke="#d0d7de" stroke-width="0.5"/>`,
      `<text x="${left - 4}" y="${n(y(v) + 3.5)}" text-anchor="end">${escapeHtml(shortNumber(v))}</text>`,
    );
  const { step, ticks } = timeTicks(spec.from, spec.to);
  for (const t of ticks) {
    const tx = n(x(t));
    parts.push(
      `<line x1="${tx}" x2="${tx}" y1="${top + plotHeight}" y2="${top + plotHeight + 4}" stroke="#57606a"/>`,
      `<text x="${tx}" y="${top + plotHeight + 15}" text-anchor="${x(t) > width - right - 20 ? 'end' : 'middle'}">${clock(t, step)}</text>`,
    );
  }
  parts.push(
    `<line x1="${left}" x2="${width - right}" y1="${top + plotHeight}" y2="${top + plotHeight}" stroke="#57606a"/>`,
    `<text x="${left + plotWidth / 2}" y="${height - 6}" text-anchor="middle" class="axis-title">time (UTC)</text>`,
    `<text transform="translate(11 ${top + plotHeight / 2}) rotate(-90)" text-anchor="middle" class="axis-title">${escapeHtml(spec.unit)}</text>`,
  );
  return `<g class="axis" font-size="10" fill="#57606a">${parts.join('')}</g>`;
}

/** The runs of consecutive values of a series, as [x, y] points; a missing value ends a run. */
function runs(
  spec: LineChartSpec,
  s: ChartSeries,
  x: (t: number) => number,
  y: (v: number) => number,
): [number, number, number, number][][] {
  const out: [number, number, number, number][][] = [];
  let run: [number, number, number, number][] | null = null;
  spec.times.forEach((t, i) => {
    const v = s.values[i];
    if (v === null || v === undefined || !Number.isFinite(v)) {
      run = null;
      return;
    }
    if (run === null) out.push((run = []));
    run.push([x(slotMiddle(spec, t)), y(v), t, v]);
  });
  return out;
}

/** The path of one series (a sub-path per run, a round dot for a lone value) and a point with a tooltip per value. */
function line(spec: LineChartSpec, s: ChartSeries, x: (t: number) => number, y: (v: number) => number): string {
  const parts = runs(spec, s, x, y);
  const radius = spec.times.length > 60 ? 1.2 : 2.5;
  const d = parts
    .map((run) => run.map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${n(px)} ${n(py)}`).join('') + (run.length === 1 ? 'h0' : ''))
    .join('');
  const points = parts.flat().map(([px, py, t, v]) => {
    const label = `${s.name} · ${clock(t, 1000)} UTC · ${shortNumber(v)} ${spec.unit}`;
    return `<circle cx="${n(px)}" cy="${n(py)}" r="${radius}"><title>${escapeHtml(label)}</title></circle>`;
  });
  const dash = s.dashed ? ' stroke-dasharray="5 3"' : '';
  return `<g class="series" data-series="${escapeHtml(s.name)}" fill="${s.color}"><path d="${d}" fill="none" stroke="${s.color}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"${dash}/>${points.join('')}</g>`;
}

/** The legend under a chart: a colour swatch (inline SVG, no style attribute) and the name of each series. */
function legend(series: ChartSeries[]): string {
  const items = series.map(
    (s) =>
      `<li><svg width="14" height="10" aria-hidden="true"><line x1="1" x2="13" y1="5" y2="5" stroke="${s.color}" stroke-width="2.5"${s.dashed ? ' stroke-dasharray="4 2"' : ''}/></svg>${escapeHtml(s.name)}</li>`,
  );
  return `<ul class="legend">${items.join('')}</ul>`;
}

/**
 * An accessible, self-contained SVG line chart as a `<figure>`: a `<title>` and `<desc>` named by `aria-labelledby`,
 * labelled axes, a `<title>` tooltip on each point and a legend; scales to its container through its viewBox.
 */
export function renderLineChart(spec: LineChartSpec): string {
  const yTicks = valueTicks(maxValue(spec.series));
  const yMax = yTicks[yTicks.length - 1];
  const { x, y } = projection(spec, yMax);
  const drawn = spec.series.filter((s) => s.values.some((v) => v !== null && Number.isFinite(v)));
  const body =
    drawn.length === 0
      ? `<text x="${left + plotWidth / 2}" y="${top + plotHeight / 2}" text-anchor="middle" font-size="12" fill="#57606a" class="empty">${escapeHtml(spec.emptyText)}</text>`
      : drawn.map((s) => line(spec, s, x, y)).join('');
  const names = drawn.map((s) => s.name).join(', ');
  const desc = `${spec.unit} per ${Math.round(spec.slotMs / 1000)} s slot, ${new Date(spec.from).toISOString()} to ${new Date(spec.to).toISOString()}${names ? `: ${names}` : `: ${spec.emptyText}`}`;
  return `<figure class="chart" data-chart="${escapeHtml(spec.id)}"><svg viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${escapeHtml(spec.id)}-title ${escapeHtml(spec.id)}-desc" xmlns="http://www.w3.org/2000/svg"><title id="${escapeHtml(spec.id)}-title">${escapeHtml(spec.title)}</title><desc id="${escapeHtml(spec.id)}-desc">${escapeHtml(desc)}</desc>${axes(spec, yTicks, x, y)}${body}</svg><figcaption><strong>${escapeHtml(spec.title)}</strong>${legend(drawn)}</figcaption></figure>`;
}
