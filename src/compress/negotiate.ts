/** A content coding fw can produce, by its HTTP name. */
export type Encoding = 'br' | 'gzip' | 'deflate';

/**
 * The best coding for an Accept-Encoding value among `available` (in server preference order): highest q-value
 * first, ties to the server's order; `*` stands for codings not named; `q=0` refuses. Null means identity.
 * Malformed parts are skipped, so a garbage header simply yields identity.
 */
export function negotiateEncoding(header: string | null, available: Encoding[]): Encoding | null {
  if (header === null || header.trim() === '') return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!/^[a-z0-9*_-]+$/.test(name)) continue;
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/.exec(param);
      if (m) q = Number(m[1]);
      else if (/^\s*q\s*=/.test(param)) q = -1;
    }
    if (q >= 0 && !weights.has(name)) weights.set(name, q);
  }
  const star = weights.get('*');
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const coding of available) {
    const q = weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? star ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}
