/** Longer tags are not looked up: BCP 47 tags in use are short (RFC 5646 §4.4.1 asks for 35 characters), so a huge value costs nothing. */
const MAX_TAG_LENGTH = 255;

/**
 * The entry of `supported` for a language tag by RFC 4647 §3.4 lookup: the tag itself, else the longest supported
 * tag it starts with at a subtag boundary (`zh-Hant-CN` finds `zh-Hant`, then `zh`). Returns the configured spelling;
 * undefined when nothing matches. Hand-written: eight lines, and `negotiator` ranks a header, it does not look up one tag.
 */
export function lookupLanguage(tag: string, supported: string[], ignoreCase: boolean): string | undefined {
  const wanted = ignoreCase ? tag.trim().toLowerCase() : tag.trim();
  if (wanted === '' || wanted.length > MAX_TAG_LENGTH) return undefined;
  let best: string | undefined;
  let bestLength = -1;
  for (const entry of supported) {
    const candidate = ignoreCase ? entry.toLowerCase() : entry;
    if (candidate === wanted) return entry;
    const prefixOf = wanted.startsWith(candidate) && wanted[candidate.length] === '-';
    if (prefixOf && candidate.length > bestLength) [best, bestLength] = [entry, candidate.length];
  }
  return best;
}
