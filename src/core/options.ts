/**
 * Checks option objects against the keys their type declares, so a typo (`cors({ orign })`) fails at startup with
 * the closest valid key instead of silently falling back to a default.
 */

/** Edit distance between two short strings (hand-written: a few lines keep the kernel bundle free of a dependency). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** The known key closest to a mistyped one, when it is close enough to be a typo. */
function closest(key: string, known: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(key.length / 3)) + 1;
  for (const candidate of known) {
    const d = distance(key.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Throws a TypeError naming `where`, the unknown key and the closest known one, when `options` has a key that
 * `known` lacks. `known` is typed as a record of every key of the options type, so a new option cannot be forgotten.
 */
export function checkOptions<T extends object>(where: string, options: T | undefined | null, known: Record<keyof T, true>): void {
  if (options === undefined || options === null) return;
  if (typeof options !== 'object' || Array.isArray(options))
    throw new TypeError(`${where}: options must be an object, got ${Array.isArray(options) ? 'an array' : typeof options}`);
  for (const key of Object.keys(options)) {
    if (Object.hasOwn(known, key)) continue;
    const names = Object.keys(known);
    const suggestion = closest(key, names);
    throw new TypeError(
      `${where}: unknown option "${key}"${suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`}; the options are ${names.join(', ')}`,
    );
  }
}
