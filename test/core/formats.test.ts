import { describe, expect, it } from 'vitest';
import { type DataFormat, Fw, registerFormat } from 'fw/core';

const lines: DataFormat = {
  name: 'lines',
  contentTypes: ['text/x-lines'],
  extensions: ['.lines'],
  contentType: 'text/x-lines; charset=utf-8',
  parse: (text) => text.split('\n'),
  serialize: (value) => (Array.isArray(value) ? value.join('\n') : String(value)),
};

const ask = (app: Fw, accept?: string): Promise<Response> => app.request('/', accept === undefined ? {} : { headers: { accept } });

describe('response formats of the kernel', () => {
  it('answers JSON whatever Accept says while JSON is the only format', async () => {
    const app = new Fw().get('/', () => ['a', 'b']);
    for (const accept of [undefined, 'text/x-lines', 'application/xml;q=1, */*;q=0.1', 'nonsense']) {
      const res = await ask(app, accept);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual(['a', 'b']);
    }
  });

  it('answers in an unregistered default format whatever Accept says (Accept chooses among registered formats)', async () => {
    const app = new Fw({ format: lines }).get('/', () => ['a', 'b']);
    for (const accept of [undefined, 'application/json', '*/*']) {
      const res = await ask(app, accept);
      expect(res.headers.get('content-type')).toBe('text/x-lines; charset=utf-8');
      expect(await res.text()).toBe('a\nb');
    }
  });

  it('lets Accept choose once a second format is registered on the app, and JSON stays the default', async () => {
    const app = new Fw().get('/', () => ['a', 'b']);
    registerFormat(app, lines);
    expect(await (await ask(app, 'text/x-lines')).text()).toBe('a\nb');
    expect(await (await ask(app, 'application/json;q=0.5, text/x-lines;q=0.9')).text()).toBe('a\nb');
    expect(await (await ask(app, 'application/json')).json()).toEqual(['a', 'b']);
    expect((await ask(app)).headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await ask(app, 'image/png')).headers.get('content-type')).toBe('application/json; charset=utf-8');
    const custom = new Fw();
    registerFormat(custom, lines);
    custom.setFormat('lines').get('/', () => ['a', 'b']);
    expect(await (await ask(custom, 'application/json')).json()).toEqual(['a', 'b']);
    expect(await (await ask(custom, '*/*')).text()).toBe('a\nb');
    const other = new Fw().get('/', () => ['a', 'b']);
    expect((await ask(other, 'text/x-lines')).headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(() => new Fw({ format: 'lines' })).toThrow(/Unknown data format "lines"/);
  });

  it('refuses registerFormat without an app, saying to pass one', () => {
    expect(() => (registerFormat as unknown as (format: DataFormat) => void)(lines)).toThrow(/pass the app first/);
  });
});
