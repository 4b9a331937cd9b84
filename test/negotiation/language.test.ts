/**
 * languageDetector(): cases ported from Hono's src/middleware/language/index.test.ts. Deliberate differences are
 * noted at their case: bad options throw at startup, caching is opt-in, and no `debug` logging option.
 */
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { languageDetector, lookupLanguage, type LanguageDetectorOptions } from '../../src/language';

function appWith(options: Partial<LanguageDetectorOptions>): Fw {
  const app = new Fw();
  app.use(languageDetector({ supportedLanguages: ['en'], fallbackLanguage: 'en', ...options }));
  app.get('/*', (ctx) => ctx.language ?? 'unset');
  app.get('/', (ctx) => ctx.language ?? 'unset');
  return app;
}

async function languageOf(app: Fw, path: string, headers: Record<string, string> = {}): Promise<string> {
  return (await app.request(path, { headers })).text();
}

describe('languageDetector: query', () => {
  it('detects the language from ?lang', async () => {
    expect(await languageOf(appWith({ supportedLanguages: ['en', 'fr', 'es'] }), '/?lang=fr')).toBe('fr');
  });

  it('ignores an unsupported language', async () => {
    expect(await languageOf(appWith({ supportedLanguages: ['en', 'fr'] }), '/?lang=de')).toBe('en');
  });
});

describe('languageDetector: cookie', () => {
  it('detects the language from the cookie', async () => {
    expect(await languageOf(appWith({ supportedLanguages: ['en', 'fr'] }), '/', { cookie: 'language=fr' })).toBe('fr');
  });

  it('caches a detected language in the cookie with caches: ["cookie"]', async () => {
    const response = await appWith({ supportedLanguages: ['en', 'fr'], caches: ['cookie'] }).request('/?lang=fr');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toContain('language=fr');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
  });

  it('does not cache by default (Hono caches by default)', async () => {
    // Deliberate difference: a Set-Cookie on every response keeps shared caches from storing them; caching is opt-in.
    expect((await appWith({ supportedLanguages: ['en', 'fr'] }).request('/?lang=fr')).headers.get('set-cookie')).toBeNull();
  });

  it('does not set the cookie again when it already holds the language, nor for the fallback', async () => {
    const app = appWith({ supportedLanguages: ['en', 'fr'], caches: ['cookie'], order: ['querystring', 'cookie'] });
    expect((await app.request('/?lang=fr', { headers: { cookie: 'language=fr' } })).headers.get('set-cookie')).toBeNull();
    expect((await app.request('/', { headers: { cookie: 'language=fr' } })).headers.get('set-cookie')).toBeNull();
    expect((await app.request('/?lang=de')).headers.get('set-cookie')).toBeNull();
  });
});

describe('languageDetector: Accept-Language', () => {
  it('detects the language from the header', async () => {
    const app = appWith({ supportedLanguages: ['en', 'fr', 'es'] });
    expect(await languageOf(app, '/', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' })).toBe('fr');
  });

  it('falls back to the language of a locale that is not supported', async () => {
    const app = appWith({ supportedLanguages: ['en', 'ja'], order: ['header'] });
    expect(await languageOf(app, '/', { 'accept-language': 'ja-JP' })).toBe('ja');
  });

  it('matches after several truncations, the longest supported tag winning whatever its place', async () => {
    expect(
      await languageOf(appWith({ supportedLanguages: ['zh-Hant', 'en'], order: ['header'] }), '/', { 'accept-language': 'zh-Hant-CN' }),
    ).toBe('zh-Hant');
    const app = appWith({ supportedLanguages: ['zh', 'zh-Hant'], fallbackLanguage: 'zh', order: ['header'] });
    expect(await languageOf(app, '/', { 'accept-language': 'zh-Hant-CN' })).toBe('zh-Hant');
  });

  it('falls back when no truncation is supported', async () => {
    expect(await languageOf(appWith({ supportedLanguages: ['en', 'ja'], order: ['header'] }), '/', { 'accept-language': 'ko-KR' })).toBe(
      'en',
    );
  });

  it('prefers the exact tag over a truncated one', async () => {
    const app = appWith({ supportedLanguages: ['fr', 'fr-CA'], fallbackLanguage: 'fr', order: ['header'] });
    expect(await languageOf(app, '/', { 'accept-language': 'fr-CA' })).toBe('fr-CA');
  });

  it('ignores case by default', async () => {
    expect(await languageOf(appWith({ supportedLanguages: ['en', 'ja'], order: ['header'] }), '/', { 'accept-language': 'JA-JP' })).toBe(
      'ja',
    );
  });

  it('follows q-values, not the order of the header', async () => {
    const app = appWith({ supportedLanguages: ['en', 'fr', 'de'], order: ['header'] });
    expect(await languageOf(app, '/', { 'accept-language': 'fr;q=0.5, de;q=0.9' })).toBe('de');
    expect(await languageOf(app, '/', { 'accept-language': 'fr;q=0, de;q=0' })).toBe('en');
  });

  it('falls back on a malformed header', async () => {
    for (const value of ['invalid;header;;format', ';;;', '"', 'x'.repeat(20_000)]) {
      expect(await languageOf(appWith({ supportedLanguages: ['en', 'fr'] }), '/', { 'accept-language': value })).toBe('en');
    }
  });

  it('refuses a lookupFromHeaderKey that is no header name at startup (Hono: falls back per request)', () => {
    // Deliberate difference: a developer mistake fails when the app starts, not silently on every request.
    expect(() => languageDetector({ supportedLanguages: ['en'], fallbackLanguage: 'en', lookupFromHeaderKey: 'accept\nlanguage' })).toThrow(
      /lookupFromHeaderKey must be a header name/,
    );
  });
});

describe('lookupLanguage (RFC 4647 lookup)', () => {
  it('returns the configured spelling of a case-insensitive truncated match', () => {
    expect(lookupLanguage('zh-HANT-CN', ['en', 'ZH-Hant'], true)).toBe('ZH-Hant');
  });

  it('answers a huge unsupported tag at once', () => {
    const started = performance.now();
    expect(lookupLanguage('x-'.repeat(30_000).slice(0, -1), ['en', 'ja'], true)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('never matches across a subtag boundary', () => {
    expect(lookupLanguage('english', ['en'], true)).toBeUndefined();
    expect(lookupLanguage('en-', ['en'], true)).toBe('en');
  });
});

describe('languageDetector: path', () => {
  it('detects the language from the first path segment', async () => {
    expect(await languageOf(appWith({ order: ['path'], supportedLanguages: ['en', 'fr'] }), '/fr/page')).toBe('fr');
  });

  it('falls back when the segment index is past the path', async () => {
    expect(await languageOf(appWith({ order: ['path'], supportedLanguages: ['en', 'fr'], lookupFromPathIndex: 99 }), '/fr/page')).toBe(
      'en',
    );
  });

  it('reads another segment with lookupFromPathIndex', async () => {
    expect(await languageOf(appWith({ order: ['path'], supportedLanguages: ['en', 'fr'], lookupFromPathIndex: 1 }), '/docs/fr/page')).toBe(
      'fr',
    );
  });
});

describe('languageDetector: order', () => {
  it('asks the sources in order', async () => {
    const app = appWith({ order: ['cookie', 'querystring'], supportedLanguages: ['en', 'fr', 'es'] });
    expect(await languageOf(app, '/?lang=fr', { cookie: 'language=es' })).toBe('es');
  });

  it('goes on to the next source when one finds nothing', async () => {
    expect(await languageOf(appWith({ order: ['cookie', 'querystring'], supportedLanguages: ['en', 'fr'] }), '/?lang=fr')).toBe('fr');
  });

  it('asks path, query, cookie, header in that order when told so', async () => {
    const app = appWith({ order: ['path', 'querystring', 'cookie', 'header'], supportedLanguages: ['en', 'fr', 'de', 'es', 'it'] });
    const all = { cookie: 'language=es', 'accept-language': 'it' };
    expect(await languageOf(app, '/fr/x?lang=de', all)).toBe('fr');
    expect(await languageOf(app, '/x?lang=de', all)).toBe('de');
    expect(await languageOf(app, '/x', all)).toBe('es');
    expect(await languageOf(app, '/x', { 'accept-language': 'it' })).toBe('it');
  });
});

describe('languageDetector: conversion and case', () => {
  it('applies convertDetectedLanguage', async () => {
    const app = appWith({ supportedLanguages: ['en', 'fr'], convertDetectedLanguage: (tag) => tag.split('-')[0] });
    expect(await languageOf(app, '/?lang=fr-FR')).toBe('fr');
  });

  it('compares case-sensitively with ignoreCase: false', async () => {
    expect(await languageOf(appWith({ supportedLanguages: ['en', 'fr'], ignoreCase: false }), '/?lang=FR')).toBe('en');
  });

  it('treats a throwing convertDetectedLanguage as nothing found', async () => {
    const app = appWith({
      supportedLanguages: ['en', 'fr'],
      convertDetectedLanguage: (tag) => {
        if (tag === 'fr') throw new Error('no');
        return tag;
      },
    });
    expect(await languageOf(app, '/?lang=fr')).toBe('en');
  });

  it('falls back without a cookie', async () => {
    expect(await languageOf(appWith({ supportedLanguages: ['en', 'fr'], order: ['cookie'] }), '/')).toBe('en');
  });
});

describe('languageDetector: bad options throw at startup', () => {
  const base = { supportedLanguages: ['en', 'fr'], fallbackLanguage: 'en' };
  it.each([
    [{ ...base, fallbackLanguage: 'de' }, /fallbackLanguage must be one of supportedLanguages/],
    [{ ...base, lookupFromPathIndex: -1 }, /lookupFromPathIndex must be a whole number/],
    [{ supportedLanguages: [], fallbackLanguage: 'en' }, /supportedLanguages must be a non-empty list/],
    [{ ...base, order: ['invalid'] }, /order must be a non-empty list/],
    [{ ...base, caches: ['localStorage'] }, /caches must be false or \["cookie"\]/],
    [{ ...base, lookupCookie: '' }, /lookupCookie must be a non-empty string/],
    [{ ...base, fallbackLanguag: 'en' }, /fallbackLanguag/],
    [undefined, /pass \{ supportedLanguages, fallbackLanguage \}/],
  ])('refuses %j', (options, message) => {
    expect(() => languageDetector(options as never)).toThrow(message);
  });

  it('sets no cookie with caches: false', async () => {
    const response = await appWith({ supportedLanguages: ['en', 'fr'], caches: false }).request('/?lang=fr');
    expect(await response.text()).toBe('fr');
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});
