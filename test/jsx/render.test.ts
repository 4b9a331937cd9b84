import { describe, expect, it } from 'vitest';
import { Fragment, jsx, raw, renderToString, Suspense } from 'fw';
import { Card, Page, Slow } from './fixtures/page';

describe('renderToString with the fw JSX runtime', () => {
  it('renders a compiled .tsx page: attributes, void elements, fragments, lists, raw, styles, async in Suspense', async () => {
    const html = await renderToString(Page({ user: 'Ada <admin>', items: ['a&b', '"q"'], slow: Promise.resolve('done') }));
    expect(html).toBe(
      '<html lang="en"><head><meta charset="utf-8"><title>Hello Ada &lt;admin&gt;</title></head><body>' +
        '<section class="card" data-title="Ada &lt;admin&gt;"><h2>Ada &lt;admin&gt;</h2><ul><li>a&amp;b</li><li>&quot;q&quot;</li></ul>' +
        '<input type="checkbox" checked><!-- trusted --></section>' +
        '<p class="slow">done</p><footer style="font-size:12;--accent:red;">end</footer></body></html>',
    );
  });

  it('escapes text and attribute values, drops null/false/event handlers, maps className and htmlFor', async () => {
    const el = jsx('label', {
      className: ['a', null, 'b'],
      htmlFor: 'x',
      title: `"><script>`,
      onClick: () => 1,
      hidden: null,
      children: ['<b>', 0, false, null, 12n],
    });
    expect(await renderToString(el)).toBe('<label class="a b" for="x" title="&quot;&gt;&lt;script&gt;">&lt;b&gt;012</label>');
    expect(await renderToString(jsx(Fragment, { children: [jsx('br', null), "it's"] }))).toBe('<br>it&#39;s');
    expect(await renderToString(jsx('div', { dangerouslySetInnerHTML: { __html: '<i>ok</i>' } }))).toBe('<div><i>ok</i></div>');
  });

  it('awaits async components and promises, siblings concurrently', async () => {
    const order: string[] = [];
    const Async = async (props: { n: number }) => {
      order.push(`start ${props.n}`);
      await Promise.resolve();
      return jsx('i', { children: props.n });
    };
    const html = await renderToString(jsx('div', { children: [jsx(Async, { n: 1 }), Promise.resolve('p'), jsx(Async, { n: 2 })] }));
    expect(html).toBe('<div><i>1</i>p<i>2</i></div>');
    expect(order).toEqual(['start 1', 'start 2']);
    expect(await renderToString(jsx(Suspense, { fallback: 'x', children: jsx(Slow, { value: Promise.resolve('y') }) }))).toBe(
      '<p class="slow">y</p>',
    );
    expect(await renderToString(Card({ title: 't' }))).toBe('<section class="card" data-title="t"><h2>t</h2></section>');
  });

  it.each([
    ['a bad attribute name', () => jsx('a', { 'x" onload="y': 1 }), /invalid attribute name/],
    ['a bad tag name', () => jsx('a b', {}), /invalid tag name/],
    ['children on a void element', () => jsx('img', { children: 'x' }), /<img> is a void element/],
    [
      'children and dangerouslySetInnerHTML',
      () => jsx('p', { children: 'x', dangerouslySetInnerHTML: { __html: 'y' } }),
      /both children and dangerouslySetInnerHTML/,
    ],
    ['an object attribute', () => jsx('a', { data: { x: 1 } }), /attribute data cannot be an object/],
    ['a function attribute', () => jsx('a', { title: () => 1 }), /attribute title cannot be a function/],
    ['a plain object child', () => jsx('p', { children: { x: 1 } }), /cannot render a plain object/],
  ])('rejects %s with a TypeError', async (_, make, message) => {
    await expect(Promise.resolve().then(() => renderToString(make()))).rejects.toThrow(message);
  });

  it('rejects a bad element type and propagates errors of async components', async () => {
    expect(() => jsx(42 as never, null)).toThrow(/element type must be a tag name or a component function/);
    const Broken = async () => {
      throw new Error('db down');
    };
    await expect(renderToString(jsx('div', { children: jsx(Broken, {}) }))).rejects.toThrow('db down');
    expect(raw('<x>').html).toBe('<x>');
  });
});
