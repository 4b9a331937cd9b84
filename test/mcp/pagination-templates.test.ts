import { describe, expect, it } from 'vitest';
import { compileUriTemplate, decodeCursor, paginate, RpcError, slugOf } from 'fw-mcp';

describe('paginate and decodeCursor', () => {
  const items = Array.from({ length: 7 }, (_, i) => i);

  it('walks a list page by page with opaque cursors', () => {
    const first = paginate(items, undefined, 3);
    expect(first.items).toEqual([0, 1, 2]);
    const second = paginate(items, first.nextCursor, 3);
    expect(second.items).toEqual([3, 4, 5]);
    const last = paginate(items, second.nextCursor, 3);
    expect(last).toEqual({ items: [6] });
    expect(decodeCursor(first.nextCursor)).toBe(3);
    expect(paginate([], undefined, 50)).toEqual({ items: [] });
  });

  it('refuses cursors it did not issue with -32602', () => {
    for (const bad of ['', 'not base64!', btoa('o:-1'), btoa('x:3'), btoa('o:1e3'), 7, {}]) {
      try {
        decodeCursor(bad);
        throw new Error(`accepted ${String(bad)}`);
      } catch (error) {
        expect(error).toBeInstanceOf(RpcError);
        expect((error as RpcError).code).toBe(-32602);
      }
    }
    expect(() => paginate(items, btoa('o:99'), 3)).toThrow(/past the end/);
  });
});

describe('RFC 6570 level 1 templates', () => {
  it('matches and decodes simple expressions, and expands with percent-encoding', () => {
    const t = compileUriTemplate('test://template/{id}/data');
    expect(t.variables).toEqual(['id']);
    expect(t.match('test://template/123/data')).toEqual({ id: '123' });
    expect(t.match('test://template/a%20b/data')).toEqual({ id: 'a b' });
    expect(t.match('test://template/1/2/data')).toBeNull();
    expect(t.match('test://template//data')).toBeNull();
    expect(t.match('test://template/%E0%A4%A/data')).toBeNull();
    expect(t.expand({ id: 'a/b c' })).toBe('test://template/a%2Fb%20c/data');
  });

  it('treats regular-expression characters in the template as literal text', () => {
    const t = compileUriTemplate('file:///{dir}/x.(y)+');
    expect(t.match('file:///docs/x.(y)+')).toEqual({ dir: 'docs' });
    expect(t.match('file:///docs/xa(y)+')).toBeNull();
  });
});

describe('docs slugs', () => {
  it('turns paths into lowercase dash-separated slugs', () => {
    expect(slugOf('Getting Started.md')).toBe('getting-started');
    expect(slugOf('api/Routes & Hooks.markdown')).toBe('api-routes-hooks');
  });
});
