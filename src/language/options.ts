import type { CookieOptions } from '../core/cookie';
import { checkOptions } from '../core/options';

/** Where `languageDetector()` looks for a language, named as Hono's language middleware names them. */
export type LanguageSource = 'path' | 'querystring' | 'cookie' | 'header';

/** Options of `languageDetector()`. */
export interface LanguageDetectorOptions {
  /** The languages the app has (the spelling given is what `ctx.language` gets). Required. */
  supportedLanguages: string[];
  /** The language when no source names a supported one; must be in `supportedLanguages`. Required. */
  fallbackLanguage: string;
  /** The sources in the order they are asked (default `['querystring', 'cookie', 'header']`). */
  order?: LanguageSource[];
  /** Query parameter of the `querystring` source (default `lang`). */
  lookupQueryString?: string;
  /** Cookie of the `cookie` source and of the cache (default `language`). */
  lookupCookie?: string;
  /** Which path segment the `path` source reads, from 0 (default 0: `/fr/page` gives `fr`). */
  lookupFromPathIndex?: number;
  /** Header of the `header` source, read as an Accept-Language value (default `accept-language`). */
  lookupFromHeaderKey?: string;
  /** `['cookie']`: remember a detected language in the `lookupCookie` cookie (default `false`). */
  caches?: 'cookie'[] | false;
  /** Attributes of the cache cookie (default Path=/, SameSite=Strict, Secure, HttpOnly, a year). */
  cookieOptions?: CookieOptions;
  /** Compare tags without regard to letter case (default true). */
  ignoreCase?: boolean;
  /** Rewrites each found tag before lookup (`(tag) => tag.split('-')[0]`); a throw counts as nothing found. */
  convertDetectedLanguage?: (tag: string) => string;
}

/** The options with their defaults, checked. */
export interface ResolvedLanguageOptions {
  supported: string[];
  fallback: string;
  order: LanguageSource[];
  query: string;
  cookie: string;
  pathIndex: number;
  header: string;
  cache: boolean;
  cookieOptions: CookieOptions;
  ignoreCase: boolean;
  convert: ((tag: string) => string) | undefined;
}

const sources: LanguageSource[] = ['path', 'querystring', 'cookie', 'header'];
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const optionsKeys: Record<keyof LanguageDetectorOptions, true> = {
  supportedLanguages: true,
  fallbackLanguage: true,
  order: true,
  lookupQueryString: true,
  lookupCookie: true,
  lookupFromPathIndex: true,
  lookupFromHeaderKey: true,
  caches: true,
  cookieOptions: true,
  ignoreCase: true,
  convertDetectedLanguage: true,
};

function fail(message: string): never {
  throw new TypeError(`languageDetector(): ${message}`);
}

function name(option: string, value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || value === '') fail(`${option} must be a non-empty string, got ${JSON.stringify(value)}`);
  return value;
}

/** Checks `languageDetector()` options at startup, throwing a TypeError that says what to pass. */
export function resolveLanguageOptions(options: LanguageDetectorOptions): ResolvedLanguageOptions {
  if (options === undefined || options === null) fail('pass { supportedLanguages, fallbackLanguage }');
  checkOptions('languageDetector()', options, optionsKeys);
  const supported = options.supportedLanguages;
  if (!Array.isArray(supported) || supported.length === 0 || supported.some((tag) => typeof tag !== 'string' || tag.trim() === ''))
    fail('supportedLanguages must be a non-empty list of language tags, such as ["en", "fr"]');
  if (typeof options.fallbackLanguage !== 'string' || !supported.includes(options.fallbackLanguage))
    fail(`fallbackLanguage must be one of supportedLanguages (${supported.join(', ')}), got ${JSON.stringify(options.fallbackLanguage)}`);
  const order = options.order ?? ['querystring', 'cookie', 'header'];
  if (!Array.isArray(order) || order.length === 0 || order.some((source) => !sources.includes(source)))
    fail(`order must be a non-empty list of ${sources.map((s) => `"${s}"`).join(', ')}, got ${JSON.stringify(order)}`);
  const pathIndex = options.lookupFromPathIndex ?? 0;
  if (!Number.isSafeInteger(pathIndex) || pathIndex < 0) fail(`lookupFromPathIndex must be a whole number >= 0, got ${String(pathIndex)}`);
  const header = name('lookupFromHeaderKey', options.lookupFromHeaderKey, 'accept-language');
  if (!headerName.test(header)) fail(`lookupFromHeaderKey must be a header name, got ${JSON.stringify(header)}`);
  const caches = options.caches ?? false;
  if (caches !== false && (!Array.isArray(caches) || caches.some((c) => c !== 'cookie')))
    fail(`caches must be false or ["cookie"], got ${JSON.stringify(caches)}`);
  if (options.ignoreCase !== undefined && typeof options.ignoreCase !== 'boolean') fail('ignoreCase must be a boolean');
  const convert = options.convertDetectedLanguage;
  if (convert !== undefined && typeof convert !== 'function') fail('convertDetectedLanguage must be a function');
  if (options.cookieOptions !== undefined && (typeof options.cookieOptions !== 'object' || options.cookieOptions === null))
    fail('cookieOptions must be an object of cookie attributes');
  return {
    supported: [...supported],
    fallback: options.fallbackLanguage,
    order: [...order],
    query: name('lookupQueryString', options.lookupQueryString, 'lang'),
    cookie: name('lookupCookie', options.lookupCookie, 'language'),
    pathIndex,
    header,
    cache: caches !== false && caches.length > 0,
    cookieOptions: { path: '/', sameSite: 'Strict', secure: true, httpOnly: true, maxAge: 365 * 24 * 60 * 60, ...options.cookieOptions },
    ignoreCase: options.ignoreCase ?? true,
    convert,
  };
}
