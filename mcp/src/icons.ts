import type { Icon } from './types';

const schemes = new Set(['https:', 'http:', 'data:']);

/** Whether `value` is an absolute URL with one of the given schemes. */
export function isUrl(value: unknown, allowed: ReadonlySet<string> = schemes): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    return allowed.has(new URL(value).protocol);
  } catch {
    return false;
  }
}

function checkIcon(owner: string, icon: unknown, index: number): void {
  const where = `${owner}: icons[${index}]`;
  if (icon === null || typeof icon !== 'object' || Array.isArray(icon))
    throw new TypeError(`${where} must be an object { src, mimeType?, sizes?, theme? }`);
  const { src, mimeType, sizes, theme } = icon as Icon;
  if (!isUrl(src)) throw new TypeError(`${where}.src must be an https:, http: or data: URL, got ${JSON.stringify(src)}`);
  if (mimeType !== undefined && (typeof mimeType !== 'string' || !/^[\w.+-]+\/[\w.+-]+$/.test(mimeType)))
    throw new TypeError(`${where}.mimeType must be a MIME type such as "image/png", got ${JSON.stringify(mimeType)}`);
  if (sizes !== undefined && (!Array.isArray(sizes) || sizes.some((size) => typeof size !== 'string' || !/^(\d+x\d+|any)$/.test(size)))) {
    throw new TypeError(`${where}.sizes must be a list of "WxH" or "any" strings (such as ["48x48"]), got ${JSON.stringify(sizes)}`);
  }
  if (theme !== undefined && theme !== 'light' && theme !== 'dark')
    throw new TypeError(`${where}.theme must be "light" or "dark", got ${JSON.stringify(theme)}`);
}

/** Checks an `icons` list as the 2025-11-25 schema describes it; throws a TypeError naming `owner` and the field. */
export function checkIcons(owner: string, icons: unknown): void {
  if (icons === undefined) return;
  if (!Array.isArray(icons)) throw new TypeError(`${owner}: icons must be a list of { src, mimeType?, sizes?, theme? }`);
  icons.forEach((icon, index) => checkIcon(owner, icon, index));
}
