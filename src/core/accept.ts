/** One media range of an Accept header with its quality. */
export interface MediaRange {
  type: string;
  q: number;
}

const parsed = new Map<string, MediaRange[]>();
const MAX_PARSED = 256;

function parse(accept: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const part of accept.split(',')) {
    const [rawType, ...params] = part.split(';');
    const type = rawType.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const value = /^\s*q\s*=(.*)$/i.exec(param);
      if (value !== null) q = Number.isFinite(Number(value[1])) ? Math.min(Math.max(Number(value[1]), 0), 1) : 0;
    }
    if (type !== '' && q > 0) ranges.push({ type, q });
  }
  return ranges.sort((a, b) => b.q - a.q || specificity(b.type) - specificity(a.type));
}

function specificity(type: string): number {
  return type === '*/*' ? 0 : type.endsWith('/*') ? 1 : 2;
}

/**
 * The acceptable media ranges of an Accept header, best first (higher quality, then more specific,
 * then header order), with
 * `q=0` ranges removed; malformed quality values count as 0. Results are memoized per header value.
 */
export function parseAccept(accept: string): MediaRange[] {
  let ranges = parsed.get(accept);
  if (ranges === undefined) {
    if (parsed.size >= MAX_PARSED) parsed.clear();
    ranges = parse(accept);
    parsed.set(accept, ranges);
  }
  return ranges;
}

/** Whether a media range (`*\/*`, `text/*`, `application/yaml`) covers a media type. */
export function rangeCovers(range: string, type: string): boolean {
  if (range === '*/*' || range === type) return true;
  return range.endsWith('/*') && type.startsWith(range.slice(0, -1));
}
