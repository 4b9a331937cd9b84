/**
 * Uploads of active content (SVG, HTML, XHTML, XML: files that run scripts in the app's origin when opened) are
 * found from the content, refused by default (415 ACTIVE_CONTENT, nothing stored), and, when allowActiveContent
 * names them, stored as what they are and served sandboxed as attachments by staticFiles({ untrusted: true }) over
 * real HTTP (fw/node serve on 127.0.0.1, port 0).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { staticFiles } from '../../src/static';
import { detectType, upload, type UploadedFile, type UploadOptions } from '../../src/upload';
import { form, png } from './samples';

const text = (s: string) => new TextEncoder().encode(s);

/** Active documents as an attacker would send them, each under a harmless name and declared type. */
const attacks: [string, string, string][] = [
  ['image/svg+xml', 'svg with a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'],
  ['image/svg+xml', 'svg with onload', '<svg onload="alert(1)"></svg>'],
  ['image/svg+xml', 'prefixed svg root after a declaration', '<?xml version="1.0"?><s:svg xmlns:s="http://www.w3.org/2000/svg"/>'],
  [
    'image/svg+xml',
    'svg after a BOM, a stylesheet PI, a long comment and a doctype with an internal subset',
    `\uFEFF \n<?xml-stylesheet href="a.css"?><!--${'x'.repeat(10_000)}--><!DOCTYPE svg [<!ENTITY e "<b>">]><svg/>`,
  ],
  ['text/html', 'html document', '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'],
  ['text/html', 'html fragment', '<script>fetch("/api/me")</script>'],
  ['text/html', 'html starting with an iframe', '  <iframe src="javascript:alert(1)">'],
  ['application/xhtml+xml', 'xhtml', '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'],
  [
    'application/xml',
    'xml with an xhtml script',
    '<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>',
  ],
  ['application/xml', 'xml behind a doctype', '<!DOCTYPE note SYSTEM "note.dtd"><note/>'],
  ['text/html', 'a comment that never ends', `<!--${'x'.repeat(70_000)}`],
];

describe('detectType finds active content from the content alone', () => {
  it.each(attacks)('%s: %s', (type, _label, content) => {
    expect(detectType(text(content))).toBe(type);
  });

  it.each([
    ['Markdown', '# Title\n\nSome <b>bold</b> words'],
    ['Markdown behind a comment', '<!-- badges -->\n# Title'],
    ['CSV', 'a,b\n<1,2>\n'],
    ['JSON', '{"html":"<script>"}'],
    ['a comparison', '<3 and >2'],
    ['an unknown tag', '<note>remember</note>'],
    ['a prefixed html tag without XML declaration', '<h:html xmlns:h="http://www.w3.org/1999/xhtml"></h:html>'],
  ])('%s stays text/plain', (_label, content) => {
    expect(detectType(text(content))).toBe('text/plain');
  });
});

describe('upload() with local storage', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fw-upload-active-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function app(options: Partial<UploadOptions> = {}): Promise<Fw> {
    const fw = new Fw();
    await fw.plugin(upload({ storage: 'local', dir, maxSize: 128 * 1024, ...options }));
    fw.post('/upload', async (ctx) => ctx.files());
    return fw;
  }
  const send = (fw: Fw, data: FormData) => fw.request('/upload', { method: 'POST', body: data });

  it.each(attacks)(
    'refuses %s (%s) by default, named avatar.png and declared image/png, storing nothing',
    async (type, _label, content) => {
      const res = await send(await app(), form([['avatar', content, 'avatar.png', 'image/png']]));
      expect(res.status).toBe(415);
      const body = await res.json();
      expect(body).toMatchObject({ code: 'ACTIVE_CONTENT', details: { field: 'avatar', detected: type, declared: 'image/png' } });
      expect(body.error).toContain('active content');
      expect(readdirSync(dir)).toEqual([]);
    },
  );

  it('refuses the whole request when one file of several is active', async () => {
    const res = await send(
      await app(),
      form([
        ['a', png, 'a.png'],
        ['b', '<svg/>', 'b.svg'],
      ]),
    );
    expect(res.status).toBe(415);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('image/* in allowedMimeTypes does not let SVG in', async () => {
    const res = await send(await app({ allowedMimeTypes: ['image/*'] }), form([['a', '<svg/>', 'a.svg']]));
    expect((await res.json()).code).toBe('ACTIVE_CONTENT');
  });

  it('allowActiveContent names the types let in; they are stored under their own extension', async () => {
    const fw = await app({ allowActiveContent: ['image/svg+xml'] });
    const ok = await send(fw, form([['logo', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'logo.png']]));
    expect(ok.status).toBe(200);
    const [file] = (await ok.json()) as UploadedFile[];
    expect(file.type).toBe('image/svg+xml');
    expect(file.key).toMatch(/-logo\.svg$/);
    const html = await send(fw, form([['page', '<html></html>', 'page.html']]));
    expect((await html.json()).details.detected).toBe('text/html');
    const all = await send(await app({ allowActiveContent: true }), form([['page', '<!doctype html><p>hi', 'page.txt']]));
    expect(((await all.json()) as UploadedFile[])[0].key).toMatch(/-page\.html$/);
  });

  it('checks the option at startup', () => {
    const make = (options: Partial<UploadOptions>) => () => upload({ storage: 'local', dir, ...options });
    expect(make({ allowActiveContent: ['text/javascript'] })).toThrow(
      'upload: allowActiveContent must be true, false or a non-empty list of',
    );
    expect(make({ allowActiveContent: [] })).toThrow(/allowActiveContent/);
    expect(make({ allowActiveContent: 'yes' as never })).toThrow(/allowActiveContent/);
    expect(make({ allowedMimeTypes: ['image/png', 'image/svg+xml'] })).toThrow(
      /allowedMimeTypes lists image\/svg\+xml, active content .* add allowActiveContent: \["image\/svg\+xml"\] and serve the uploads with staticFiles\(dir, \{ untrusted: true \}\)/,
    );
    expect(make({ allowedMimeTypes: ['image/svg+xml'], allowActiveContent: ['IMAGE/SVG+XML'] })).not.toThrow();
  });
});

describe('allowed active uploads served back by staticFiles({ untrusted: true }) over real HTTP', () => {
  let dir: string;
  let server: NodeServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fw-upload-active-serve-'));
    const app = new Fw();
    await app.plugin(upload({ storage: 'local', dir, allowActiveContent: true }));
    app.use(staticFiles(dir, { prefix: '/files', untrusted: true }));
    app.post('/upload', async (ctx) => ctx.files());
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('each active file comes back sandboxed, as an attachment, with nosniff; a PNG comes back inline', async () => {
    const data = form([
      ['svg', attacks[0][2], 'logo.svg'],
      ['html', attacks[4][2], 'page.html'],
      ['xhtml', attacks[7][2], 'page.xhtml'],
      ['xml', attacks[8][2], 'feed.xml'],
      ['png', png, 'photo.png'],
    ]);
    const files = (await (await fetch(`${server.url}/upload`, { method: 'POST', body: data })).json()) as UploadedFile[];
    const answers = await Promise.all(
      files.map(async (f) => {
        const res = await fetch(`${server.url}/files/${encodeURIComponent(f.key)}`);
        await res.arrayBuffer();
        return [
          f.type,
          res.headers.get('content-security-policy')?.includes('sandbox') ?? false,
          res.headers.get('content-disposition'),
          res.headers.get('x-content-type-options'),
        ];
      }),
    );
    expect(answers).toEqual([
      ['image/svg+xml', true, 'attachment', 'nosniff'],
      ['text/html', true, 'attachment', 'nosniff'],
      ['application/xhtml+xml', true, 'attachment', 'nosniff'],
      ['application/xml', true, 'attachment', 'nosniff'],
      ['image/png', false, null, 'nosniff'],
    ]);
  });
});
