import { describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import { QueryParseCache, parseQueryString } from '../../src/core/query';
import { call } from './helpers';

describe('parseQueryString', () => {
  it('parses keys and values, decoding percent-encoding and +', () => {
    const { values } = parseQueryString('a=1&b=two%20words&c=x+y&d=&e&%C3%BC=%E2%9C%93');
    expect({ ...values }).toEqual({ a: '1', b: 'two words', c: 'x y', d: '', e: '', ü: '✓' });
  });

  it('repeated keys: the last wins in values, every value is kept in all', () => {
    const { values, all } = parseQueryString('tag=a&tag=b&x=1&tag=c');
    expect(values.tag).toBe('c');
    expect(all.tag).toEqual(['a', 'b', 'c']);
    expect(all.x).toEqual(['1']);
  });

  it('malformed percent-encoding yields the raw string and never throws', () => {
    const { values } = parseQueryString('bad=%E0%A4%A&half=%&pct=100%&%zz=k');
    expect({ ...values }).toEqual({ bad: '%E0%A4%A', half: '%', pct: '100%', '%zz': 'k' });
  });

  it('ignores empty pairs and empty keys; keeps = inside values', () => {
    const { values } = parseQueryString('&&a=1&&=nokey&b=x=y&');
    expect({ ...values }).toEqual({ a: '1', b: 'x=y' });
  });

  it('a __proto__ key is plain data, never a prototype change', () => {
    const { values } = parseQueryString('__proto__=x&constructor=y');
    expect(values.__proto__).toBe('x');
    expect(Object.getPrototypeOf(values)).toBeNull();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('QueryParseCache', () => {
  it('defaults to 512 entries', () => {
    expect(new QueryParseCache().max).toBe(512);
  });

  it('get/set/has/clear/size', () => {
    const cache = new QueryParseCache(3);
    const parsed = parseQueryString('a=1');
    cache.set('a=1', parsed);
    expect(cache.has('a=1')).toBe(true);
    expect(cache.get('a=1')).toBe(parsed);
    expect(cache.get('zzz')).toBeUndefined();
    expect(cache.size).toBe(1);
    cache.clear();
    expect([cache.size, cache.has('a=1')]).toEqual([0, false]);
  });

  it('evicts the least recently used entry past max; get refreshes an entry', () => {
    const cache = new QueryParseCache(2);
    cache.set('a', parseQueryString('a'));
    cache.set('b', parseQueryString('b'));
    cache.get('a');
    cache.set('c', parseQueryString('c'));
    expect([cache.has('a'), cache.has('b'), cache.has('c'), cache.size]).toEqual([true, false, true, 2]);
    cache.set('a', parseQueryString('a=2'));
    cache.set('d', parseQueryString('d'));
    expect([cache.has('a'), cache.has('c'), cache.has('d')]).toEqual([true, false, true]);
  });

  it('stays bounded at its default size under many distinct query strings', async () => {
    const app = new Fw();
    app.get('/', (ctx) => ctx.query.n);
    for (let i = 0; i < 600; i++) expect((await call(app, `/?n=${i}`)).text).toBe(String(i));
    expect(app.queryCacheSize()).toBe(512);
  });

  it('rejects a size that is not a positive integer', () => {
    expect(() => new QueryParseCache(0)).toThrow(/positive integer/);
    expect(() => new QueryParseCache(1.5)).toThrow(/positive integer/);
  });
});

describe('ctx.query and ctx.queries', () => {
  it('ctx.query has the last value of repeated keys; ctx.queries(key) has them all', async () => {
    const app = new Fw();
    app.get('/', (ctx) => ({ query: ctx.query, tags: ctx.queries('tag'), none: ctx.queries('none'), all: ctx.queries() }));
    const res = await call(app, '/?tag=a&tag=b&q=x');
    expect(res.json).toEqual({ query: { tag: 'b', q: 'x' }, tags: ['a', 'b'], none: [], all: { tag: ['a', 'b'], q: ['x'] } });
  });

  it('no query string gives an empty object', async () => {
    const app = new Fw();
    app.get('/', (ctx) => ({ query: ctx.query, search: ctx.search }));
    expect((await call(app, '/')).json).toEqual({ query: {}, search: '' });
    expect((await call(app, '/?')).json).toEqual({ query: {}, search: '' });
  });

  it('a handler that mutates ctx.query or ctx.queries() never changes what the next request sees', async () => {
    const app = new Fw();
    app.get('/', (ctx) => {
      const before = { ...ctx.query };
      ctx.query.injected = 'yes';
      ctx.query.a = 'changed';
      ctx.queries('a').push('pushed');
      ctx.queries().a.push('pushed too');
      return before;
    });
    expect((await call(app, '/?a=1')).json).toEqual({ a: '1' });
    expect((await call(app, '/?a=1')).json).toEqual({ a: '1' });
  });

  it('malformed percent-encoding in the query string is kept raw, never a 4xx or 500', async () => {
    const app = new Fw();
    app.get('/', (ctx) => ctx.query);
    const res = await call(app, '/?q=%E0%A4%A&ok=%41');
    expect([res.status, res.json]).toEqual([200, { q: '%E0%A4%A', ok: 'A' }]);
  });

  it('works the same with the query cache turned off', async () => {
    const app = new Fw({ queryCache: false });
    app.get('/', (ctx) => ({ q: ctx.query, all: ctx.queries('a') }));
    expect((await call(app, '/?a=1&a=2')).json).toEqual({ q: { a: '2' }, all: ['1', '2'] });
    expect(app.queryCacheSize()).toBe(0);
  });

  it('a query with a fragment-like # is not part of the query', async () => {
    const app = new Fw();
    app.get('/', (ctx) => ctx.query);
    expect(await (await app.fetch(new Request('http://localhost/?a=1#frag'))).json()).toEqual({ a: '1' });
  });
});
