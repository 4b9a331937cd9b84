/**
 * accepts(): cases ported from Hono's src/helper/accepts/accepts.test.ts and the `negotiator` package's tests. Where
 * fw answers differently the case says why (fw follows RFC 9110 §12.5 through `negotiator`).
 */
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { accepts, acceptsFor, preferredCharsets, preferredEncodings, preferredLanguages, preferredMediaTypes } from '../../src/accepts';

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/webp,*/*;q=0.8';

function request(header: string, value?: string): Request {
  return new Request('http://localhost/', { headers: value === undefined ? {} : { [header]: value } });
}

describe('preferredMediaTypes (Hono: parseAccept)', () => {
  it('orders by q-value, keeping the order of equal ones', () => {
    expect(preferredMediaTypes(`${browserAccept.replace('*/*;q=0.8', '*/*;q=0.8;level=1;foo=bar')}`)).toEqual([
      'text/html',
      'application/xhtml+xml',
      'image/webp',
      'application/xml',
      '*/*',
    ]);
  });

  it('drops refused types (q=0) and skips malformed parts', () => {
    expect(preferredMediaTypes('text/html;q=0, application/json')).toEqual(['application/json']);
    expect(preferredMediaTypes('garbage, text/plain', ['text/plain'])).toEqual(['text/plain']);
  });
});

describe('accepts (Hono cases)', () => {
  it('returns the supported type the header prefers', () => {
    expect(
      accepts(request('accept', browserAccept), {
        header: 'Accept',
        supports: ['application/xml', 'text/html'],
        default: 'application/json',
      }),
    ).toBe('text/html');
  });

  it('a type no listed entry matches falls back to */*: the first supported one (Hono: the default)', () => {
    // Deliberate difference: `*/*;q=0.8` accepts any media type (RFC 9110 §12.5.1), so application/json is acceptable.
    expect(accepts(request('accept', browserAccept), { header: 'Accept', supports: ['application/json'], default: 'text/html' })).toBe(
      'application/json',
    );
  });

  it('matches a subtype wildcard', () => {
    expect(
      accepts(request('accept', 'application/*'), { header: 'Accept', supports: ['application/json', 'text/html'], default: 'text/html' }),
    ).toBe('application/json');
  });

  it('*/* at a lower q-value still accepts the supported type (Hono: the default)', () => {
    // Deliberate difference, as above: `text/plain, */*;q=0.5` accepts application/json at q=0.5.
    expect(
      accepts(request('accept', 'text/plain, */*;q=0.5'), { header: 'Accept', supports: ['application/json'], default: 'text/html' }),
    ).toBe('application/json');
  });

  it('Accept-Encoding `*` accepts the first supported coding (Hono: the default)', () => {
    // Deliberate difference: `*` matches any coding not named (RFC 9110 §12.5.3).
    expect(
      accepts(request('accept-encoding', '*'), { header: 'Accept-Encoding', supports: ['gzip', 'deflate'], default: 'identity' }),
    ).toBe('gzip');
  });

  it('prefers an exact match over a wildcard at the same q-value', () => {
    expect(
      accepts(request('accept', '*/*, application/json'), {
        header: 'Accept',
        supports: ['text/html', 'application/json'],
        default: 'text/html',
      }),
    ).toBe('application/json');
  });

  it('prefers the subtype wildcard over the global one', () => {
    expect(
      accepts(request('accept', '*/*, text/*'), {
        header: 'Accept',
        supports: ['application/json', 'text/plain'],
        default: 'application/json',
      }),
    ).toBe('text/plain');
  });

  it('returns the default without the header, or with an empty one', () => {
    expect(accepts(request('accept'), { header: 'Accept', supports: ['application/json'], default: 'text/html' })).toBe('text/html');
    expect(accepts(request('accept', ''), { header: 'Accept', supports: ['application/json'], default: 'text/html' })).toBe('text/html');
  });

  it('returns the default for a header that allows none of supports', () => {
    expect(accepts(request('accept', 'image/png'), { header: 'Accept', supports: ['application/json'], default: 'text/html' })).toBe(
      'text/html',
    );
    expect(
      accepts(request('accept', 'application/json;q=0'), { header: 'Accept', supports: ['application/json'], default: 'text/html' }),
    ).toBe('text/html');
  });

  it('ranks Accept-Language with prefixes (negotiator)', () => {
    expect(
      accepts(request('accept-language', 'fr-CA, en;q=0.5'), { header: 'Accept-Language', supports: ['en', 'fr'], default: 'en' }),
    ).toBe('fr');
    expect(
      accepts(request('accept-language', 'en=0.8,ja'), { header: 'accept-language', supports: ['en', 'ja', 'zh'], default: 'en' }),
    ).toBe('ja');
  });

  it('ranks Accept-Charset', () => {
    expect(
      accepts(request('accept-charset', 'iso-8859-1, utf-8;q=0.7'), {
        header: 'Accept-Charset',
        supports: ['utf-8', 'iso-8859-1'],
        default: 'utf-8',
      }),
    ).toBe('iso-8859-1');
  });
});

describe('accepts in an app (Hono "Usage" cases)', () => {
  it('chooses the compression by Accept-Encoding', async () => {
    const app = new Fw();
    app.get('/compressed', (ctx) => {
      const encoding = accepts(ctx, { header: 'Accept-Encoding', supports: ['gzip', 'deflate'], default: 'identity' });
      const body = new Blob(['COMPRESS_DATA']).stream();
      if (encoding === 'identity') return new Response(body);
      return new Response(body.pipeThrough(new CompressionStream(encoding as 'gzip' | 'deflate')), {
        headers: { 'content-encoding': encoding },
      });
    });
    const encodingFor = async (value: string) =>
      (await app.request('/compressed', { headers: { 'accept-encoding': value } })).headers.get('content-encoding');
    expect(await encodingFor('deflate')).toBe('deflate');
    expect(await encodingFor('gzip')).toBe('gzip');
    expect(await encodingFor('gzip;q=0.5,deflate')).toBe('deflate');
    expect(await encodingFor('br')).toBeNull();
  });

  it('redirects to the preferred language', async () => {
    const app = new Fw();
    const languages = ['en', 'ja', 'zh'];
    const pick = acceptsFor({ header: 'Accept-Language', supports: languages, default: 'en' });
    app.get('/*', (ctx) => {
      const language = pick(ctx);
      if (languages.some((l) => ctx.path.startsWith(`/${l}/`))) return `lang: ${language}`;
      return ctx.redirect(`/${language}${ctx.path}`);
    });
    const moved = await app.request('/foo', { headers: { 'accept-language': 'en=0.8,ja' } });
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/ja/foo');
    expect(await (await app.request('/en/foo', { headers: { 'accept-language': 'en' } })).text()).toBe('lang: en');
  });
});

describe('negotiator cases', () => {
  it('charsets: absent header accepts all; q=0 refuses', () => {
    expect(preferredCharsets(null, ['utf-8', 'iso-8859-1'])).toEqual(['utf-8', 'iso-8859-1']);
    expect(preferredCharsets('utf-8;q=0, *', ['utf-8', 'iso-8859-1'])).toEqual(['iso-8859-1']);
  });

  it('encodings: identity stays acceptable unless refused', () => {
    expect(preferredEncodings('br', ['gzip', 'identity'])).toEqual(['identity']);
    expect(preferredEncodings('br, identity;q=0', ['gzip', 'identity'])).toEqual([]);
    expect(preferredEncodings('gzip;q=0.5, br', ['br', 'gzip'])).toEqual(['br', 'gzip']);
  });

  it('languages: an exact tag ranks above a prefix match', () => {
    expect(preferredLanguages('en-US, en;q=0.9', ['en', 'en-US'])).toEqual(['en-US', 'en']);
    expect(preferredLanguages('*', ['de', 'fr'])).toEqual(['de', 'fr']);
  });

  it('media types: parameters of the offer must match those of the range', () => {
    expect(preferredMediaTypes('text/html;level=1', ['text/html', 'text/html;level=1'])).toEqual(['text/html;level=1']);
  });

  it('bad headers never throw', () => {
    for (const value of ['"x', ';;;', ',,,', 'a;q=abc', '\u00ff/\u00ff', 'x'.repeat(10_000)]) {
      expect(() => preferredMediaTypes(value, ['text/html'])).not.toThrow();
      expect(() => preferredLanguages(value, ['en'])).not.toThrow();
    }
  });
});

describe('accepts: bad options', () => {
  it('throws a TypeError that says what to pass', () => {
    const req = request('accept', 'text/html');
    expect(() => accepts(req, { header: 'Accept-Foo' as never, supports: ['a'], default: 'a' })).toThrow(/header must be Accept/);
    expect(() => accepts(req, { header: 'Accept', supports: 'text/html' as never, default: 'a' })).toThrow(/supports must be a list/);
    expect(() => accepts(req, { header: 'Accept', supports: ['text/html'] } as never)).toThrow(/default must be a string/);
    expect(() => acceptsFor({ header: 'Accept', supports: ['a'], default: 'a', suports: [] } as never)).toThrow(/suports/);
  });
});
