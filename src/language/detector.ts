import type { Context } from '../core/context';
import { readCookie, serializeCookie } from '../core/cookie';
import type { Middleware } from '../core/types';
import { preferredLanguages } from '../accepts/preferred';
import { lookupLanguage } from './lookup';
import { resolveLanguageOptions, type LanguageDetectorOptions, type LanguageSource, type ResolvedLanguageOptions } from './options';

declare module '../core/context' {
  interface Context<Env, State> {
    /** The request's language (with `languageDetector()` mounted): one of its `supportedLanguages`. */
    language?: string;
  }
}

/** One found tag as the app spells it, after `convertDetectedLanguage`; a throwing converter finds nothing. */
function supportedTag(tag: string | null | undefined, options: ResolvedLanguageOptions): string | undefined {
  if (!tag) return undefined;
  let value = tag;
  if (options.convert !== undefined) {
    try {
      value = options.convert(tag.trim());
    } catch {
      return undefined;
    }
  }
  return typeof value === 'string' ? lookupLanguage(value, options.supported, options.ignoreCase) : undefined;
}

const readers: Record<LanguageSource, (ctx: Context, options: ResolvedLanguageOptions) => string | undefined> = {
  path(ctx, options) {
    const segment = new URL(ctx.request.url).pathname.split('/').filter(Boolean)[options.pathIndex];
    return supportedTag(segment, options);
  },
  querystring: (ctx, options) => supportedTag(new URL(ctx.request.url).searchParams.get(options.query), options),
  cookie: (ctx, options) => supportedTag(readCookie(ctx.request.headers.get('cookie'), options.cookie), options),
  header(ctx, options) {
    for (const tag of preferredLanguages(ctx.request.headers.get(options.header) ?? '')) {
      const found = supportedTag(tag, options);
      if (found !== undefined) return found;
    }
    return undefined;
  },
};

/** The first supported language a source names, in `order`, with the source that named it. */
function detect(ctx: Context, options: ResolvedLanguageOptions): { language: string; source: LanguageSource } | null {
  for (const source of options.order) {
    const language = readers[source](ctx, options);
    if (language !== undefined) return { language, source };
  }
  return null;
}

/**
 * Sets `ctx.language` to the first supported language found in the sources of `order` (path segment, query
 * parameter, cookie, Accept-Language), else to `fallbackLanguage`. With `caches: ['cookie']` a detected language
 * the cookie does not already hold is written to it. Bad options throw at startup.
 */
export function languageDetector(options: LanguageDetectorOptions): Middleware {
  const resolved = resolveLanguageOptions(options);
  return (ctx, next) => {
    const found = detect(ctx, resolved);
    ctx.language = found?.language ?? resolved.fallback;
    if (resolved.cache && found !== null && found.source !== 'cookie') {
      const current = readCookie(ctx.request.headers.get('cookie'), resolved.cookie);
      if (current !== found.language)
        (ctx.responseCookies ??= []).push(serializeCookie(resolved.cookie, found.language, resolved.cookieOptions));
    }
    return next();
  };
}
