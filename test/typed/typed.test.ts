import { describe, expect, it } from 'vitest';
import { createResponseValidator, createTypedTranslator, Fw } from 'fw';

describe('createTypedTranslator', () => {
  const i18n = createTypedTranslator(
    {
      en: { greeting: 'Hello {name}, you have {count} messages', bye: 'Goodbye' },
      fr: { greeting: 'Bonjour {name}, vous avez {count} messages' },
    },
    { base: 'en' },
  );

  it('fills placeholders, falls back to the base locale, binds a locale', () => {
    expect(i18n.t('en', 'greeting', { name: 'Ada', count: 3 })).toBe('Hello Ada, you have 3 messages');
    expect(i18n.t('fr', 'greeting', { name: 'Ada', count: 3 })).toBe('Bonjour Ada, vous avez 3 messages');
    expect(i18n.t('fr', 'bye')).toBe('Goodbye');
    expect(i18n.forLocale('fr')('bye')).toBe('Goodbye');
    expect(i18n.locales).toEqual(['en', 'fr']);
  });

  it('checks keys, locales and parameters at compile time and at run time', () => {
    // @ts-expect-error: unknown key
    expect(() => i18n.t('en', 'nope')).toThrow('translator: unknown message key "nope"');
    // @ts-expect-error: unknown locale
    expect(() => i18n.t('de', 'bye')).toThrow('translator: unknown locale "de" (known: en, fr)');
    // @ts-expect-error: missing parameter count
    expect(() => i18n.t('en', 'greeting', { name: 'x' })).toThrow('translator: message "greeting" needs the parameter "count"');
    expect(() => createTypedTranslator({ en: { a: 'A' }, fr: { b: 'B' } }, { base: 'en' })).toThrow('"fr" has the key "b" that "en" lacks');
    // @ts-expect-error: base locale must be a dictionary key
    expect(() => createTypedTranslator({ en: { a: 'A' } }, { base: 'de' })).toThrow('no dictionary for the base locale "de"');
  });
});

describe('createResponseValidator', () => {
  const schema = {
    200: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    '4xx': { type: 'object', required: ['error'] },
  };

  function app(mode?: 'reject' | 'report') {
    const reports: unknown[] = [];
    const a = new Fw();
    const check = createResponseValidator(schema, { mode, onInvalid: (r) => reports.push(r) });
    a.get('/ok', () => ({ id: 1 }), { afterHandle: check });
    a.get('/wrong', () => ({ id: 'one' }), { afterHandle: check });
    a.get('/missing', (ctx) => ctx.jsonResponse({ message: 'x' }, 404), { afterHandle: check });
    a.get('/text', () => 'plain', { afterHandle: check });
    a.get('/broken', () => new Response('{nope', { headers: { 'content-type': 'application/json' } }), { afterHandle: check });
    return { a, reports };
  }

  it('passes matching and non-JSON responses, rejects mismatches with a 500 naming the errors', async () => {
    const { a, reports } = app();
    expect(await (await a.request('/ok')).json()).toEqual({ id: 1 });
    expect(await (await a.request('/text')).text()).toBe('plain');
    const wrong = await a.request('/wrong');
    expect(wrong.status).toBe(500);
    const body = await wrong.json();
    expect(body).toMatchObject({ error: 'Response does not match its schema', method: 'GET', path: '/wrong', status: 200 });
    expect(body.errors.length).toBeGreaterThan(0);
    expect((await a.request('/missing')).status).toBe(500);
    expect((await a.request('/broken')).status).toBe(500);
    expect(reports).toHaveLength(3);
  });

  it('only reports in report mode, and rejects a bad schema argument', async () => {
    const { a, reports } = app('report');
    expect((await a.request('/wrong')).status).toBe(200);
    expect(reports).toMatchObject([{ path: '/wrong', status: 200 }]);
    expect(() => createResponseValidator(null as never)).toThrow(/must be a JSON Schema object/);
  });
});
