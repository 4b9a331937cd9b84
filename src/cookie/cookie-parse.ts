/** Reading every cookie of a Cookie header at once (`getCookie(ctx)` without a name). */

/** Trims the optional whitespace of a cookie pair (SP and HTAB only, as `readCookie` does). */
function trimOws(text: string): string {
  return text.replace(/^[ \t]+|[ \t]+$/g, '');
}

/** A cookie value without its optional DQUOTEs, percent-decoded when it decodes (kept as sent when it does not). */
function cookieValue(raw: string): string {
  const value = raw.length > 1 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Every cookie of a Cookie header as a null-prototype object (so `__proto__` is a cookie like any other), values
 * decoded; the first of two cookies with one name wins, as with `readCookie` (browsers send the most specific first).
 */
export function readCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null);
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const name = trimOws(pair.slice(0, eq));
    if (name === '' || name in cookies) continue;
    cookies[name] = cookieValue(trimOws(pair.slice(eq + 1)));
  }
  return cookies;
}
