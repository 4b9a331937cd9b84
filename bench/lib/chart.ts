/** Draws a benchmark's medians as a horizontal SVG bar chart, one bar per row, fw's bars highlighted. */
import type { BenchResult } from './result';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Returns the SVG text for one benchmark result. */
export function barChart(result: BenchResult): string {
  const rows = result.rows;
  const barHeight = 18;
  const gap = 6;
  const labelWidth = 320;
  const barMax = 420;
  const top = 34;
  const height = top + rows.length * (barHeight + gap) + 10;
  const max = Math.max(...rows.map((r) => r.median), 1e-9);
  const bars = rows.map((row, i) => {
    const y = top + i * (barHeight + gap);
    const width = Math.max(1, (row.median / max) * barMax);
    const ours = /^(fw|ours)/i.test(row.contestant);
    const label = `${row.case ? `${row.case} · ` : ''}${row.contestant}`;
    return [
      `<text x="${labelWidth - 8}" y="${y + 13}" text-anchor="end" font-size="12">${escapeXml(label)}</text>`,
      `<rect x="${labelWidth}" y="${y}" width="${width.toFixed(1)}" height="${barHeight}" fill="${ours ? '#e4572e' : '#6c8ead'}"/>`,
      `<text x="${labelWidth + width + 6}" y="${y + 13}" font-size="12">${escapeXml(`${Number(row.median.toPrecision(4))} ${row.unit}`)}</text>`,
    ].join('');
  });
  const direction = result.higherIsBetter ? 'higher is better' : 'lower is better';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth + barMax + 140}" height="${height}" font-family="sans-serif">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">${escapeXml(result.name)} (${direction})</text>`,
    ...bars,
    '</svg>',
  ].join('\n');
}
