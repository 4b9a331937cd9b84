/**
 * Writes the README's speed table from bench/RESULTS.md (which only a full `npm run bench` writes), between the
 * `speed` markers: per benchmark section, fw's worst and best ratio over every peer and case, naming the peer, and
 * the peers fw loses a case to, with the section's name and run date (names, not links: the README ships in the
 * package, where bench/ is not). `npm run docs:speed`; test/docs/readme-speed.test.ts fails when the README differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const start = '<!-- speed:start -->';
const end = '<!-- speed:end -->';

/** One peer of one RESULTS.md section: its ratios over the section's cases. */
interface PeerRange {
  section: string;
  date: string;
  peer: string;
  ratios: number[];
}

/** Whether a contestant is fw itself (fw, fw/core, fw-mcp, ...), whose rows are the base of the ratios. */
function isOurs(contestant: string): boolean {
  return /^(fw\b|ours\b)/i.test(contestant);
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** One table row of a RESULTS.md section. */
interface Row {
  case: string;
  contestant: string;
  ratio: number;
}

/**
 * fw's ratio against each peer in one section, per case. Sections state ratios one of two ways: fw is the base (its
 * rows are 1, a peer's row holds fw relative to that peer), or a peer is the base (its rows are 1, every row holds
 * that contestant relative to it); then fw against a peer P in a case is fw's ratio over P's.
 */
function fwAgainstPeers(section: string, date: string, rows: Row[]): PeerRange[] {
  const out: PeerRange[] = [];
  const add = (peer: string, ratio: number) => {
    const existing = out.find((p) => p.peer === peer);
    if (existing) existing.ratios.push(ratio);
    else out.push({ section, date, peer, ratios: [ratio] });
  };
  const ours = rows.filter((r) => isOurs(r.contestant));
  const peers = rows.filter((r) => !isOurs(r.contestant));
  if (ours.every((r) => r.ratio === 1)) {
    for (const row of peers) add(row.contestant, row.ratio);
    return out;
  }
  const oursNames = [...new Set(ours.map((r) => r.contestant))];
  for (const mine of ours) {
    for (const peer of peers.filter((p) => p.case === mine.case)) {
      add(oursNames.length > 1 ? `${peer.contestant} (against ${mine.contestant})` : peer.contestant, mine.ratio / peer.ratio);
    }
  }
  return out;
}

/** Every section's peers with fw's ratios against them, and the sections that failed, read from RESULTS.md text. */
export function readResults(results: string): { peers: PeerRange[]; failed: Array<{ section: string; date: string }> } {
  const peers: PeerRange[] = [];
  const failed: Array<{ section: string; date: string }> = [];
  for (const text of results.split(/^(?=## )/m).slice(1)) {
    const section = text.slice(3, text.indexOf('\n')).trim();
    const date = /(\d{4}-\d{2}-\d{2})T/.exec(text)?.[1] ?? 'date not recorded';
    if (/\*\*Failed in this run\*\*/.test(text)) failed.push({ section, date });
    const lines = text.split('\n').filter((line) => line.startsWith('|'));
    if (lines.length < 3) continue;
    const head = cells(lines[0]);
    const [caseAt, who, ratioAt] = [head.indexOf('case'), head.indexOf('contestant'), head.indexOf('ratio')];
    if (who < 0 || ratioAt < 0) continue;
    const rows = lines
      .slice(2)
      .map(cells)
      .map((row) => ({ case: caseAt < 0 ? '' : row[caseAt], contestant: row[who], ratio: Number.parseFloat(row[ratioAt]) }))
      .filter((row) => Number.isFinite(row.ratio) && row.ratio > 0);
    peers.push(...fwAgainstPeers(section, date, rows));
  }
  return { peers, failed };
}

/** A ratio as the table shows it: two decimals and an `x`, a loss (below 1: the peer did better) in bold and named. */
function shown(ratio: number): string {
  const text = `${ratio.toFixed(2)}x`;
  return ratio < 1 ? `**${text} loss**` : text;
}

/** A peer's name as a table cell (no pipe can split the row). */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** One section's row: how many peers, fw's worst and best ratio over every peer and case (each naming its peer), losses counted. */
function sectionRow(section: string, peers: PeerRange[]): string {
  const cases = peers.flatMap((p) => p.ratios.map((ratio) => ({ peer: p.peer, ratio })));
  const worst = cases.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  const best = cases.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  const losing = peers.filter((p) => Math.min(...p.ratios) < 1).map((p) => cell(p.peer));
  const losses = losing.length === 0 ? 'none' : `${losing.length} of ${peers.length}: ${losing.join(', ')}`;
  return `| \`${section}\` | ${peers.length} | ${shown(worst.ratio)} vs ${cell(worst.peer)} | ${shown(best.ratio)} vs ${cell(best.peer)} | ${losses} | ${peers[0].date} |`;
}

/** The markdown table the README shows, generated from RESULTS.md text: one row per benchmark section. */
export function speedTable(results: string): string {
  const { peers, failed } = readResults(results);
  const sections = [...new Set(peers.map((p) => p.section))];
  const rows = sections.map((section) =>
    sectionRow(
      section,
      peers.filter((p) => p.section === section),
    ),
  );
  const failures = failed.map((f) => `| \`${f.section}\` | failed in this run | | | | ${f.date} |`);
  const losses = peers.filter((p) => Math.min(...p.ratios) < 1).length;
  return [
    '',
    'Generated by `npm run docs:speed` from `bench/RESULTS.md` in the repository, which `npm run bench` writes whole;',
    'each Benchmark names its section there (method, machine, versions, every case against every peer). A ratio is',
    'fw relative to a peer in the same run: above 1 fw is faster or smaller, below 1 (**loss**) the peer is. Worst and',
    `best are over every peer and case of the section; fw loses at least one case to ${losses} of the ${peers.length} peers measured.`,
    '',
    '| Benchmark | Peers | Worst | Best | Peers with a loss | Run |',
    '|---|---|---|---|---|---|',
    ...rows,
    ...failures,
    '',
  ].join('\n');
}

/** `readme` with the text between the markers replaced by the table; throws if the markers are missing. */
export function withSpeedTable(readme: string, results: string): string {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md: no ${start} ... ${end} pair to write the speed table between`);
  return `${readme.slice(0, from + start.length)}${speedTable(results)}${readme.slice(to)}`;
}

/** The README this script writes and the report it reads. */
export const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
export const resultsPath = fileURLToPath(new URL('../bench/RESULTS.md', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(readmePath, withSpeedTable(readFileSync(readmePath, 'utf8'), readFileSync(resultsPath, 'utf8')));
  console.log('README.md: speed table written from bench/RESULTS.md');
}
