/**
 * staticFiles({ untrusted: true }): files users put there (uploads) never run in the app's origin. Active types
 * (HTML, XHTML, XML, SVG, JavaScript) are served as GitHub's raw host serves them: CSP sandbox, attachment, nosniff.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { staticFiles } from '../../src/static';
import { isActiveType } from '../../src/static/active-content';
import { makeSite, type Site } from './fixture';

let site: Site;
beforeEach(() => {
  site = makeSite();
  writeFileSync(join(site.root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
  writeFileSync(join(site.root, 'page.xhtml'), '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>');
  writeFileSync(join(site.root, 'feed.xml'), '<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>');
});
afterEach(() => site.remove());

const sandbox = (res: Response) => [
  res.headers.get('content-security-policy'),
  res.headers.get('content-disposition'),
  res.headers.get('x-content-type-options'),
];
const sandboxed = ["default-src 'none'; style-src 'unsafe-inline'; sandbox", 'attachment', 'nosniff'];
const plain = [null, null, 'nosniff'];

describe('staticFiles({ untrusted: true })', () => {
  const fw = () => {
    const app = new Fw();
    app.use(staticFiles(site.root, { prefix: '/uploads', untrusted: true }));
    return app;
  };

  it('sandboxes HTML, XHTML, XML, SVG and JavaScript as attachments', async () => {
    const app = fw();
    for (const path of ['/uploads/logo.svg', '/uploads/index.html', '/uploads/page.xhtml', '/uploads/feed.xml', '/uploads/app.js']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(sandbox(res), path).toEqual(sandboxed);
      await res.arrayBuffer();
    }
  });

  it('on every kind of answer: the index of a directory, HEAD, one range, several ranges', async () => {
    const app = fw();
    const answers = [
      await app.request('/uploads/'),
      await app.request('/uploads/logo.svg', { method: 'HEAD' }),
      await app.request('/uploads/logo.svg', { headers: { range: 'bytes=0-3' } }),
      await app.request('/uploads/logo.svg', { headers: { range: 'bytes=0-1,5-6' } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 206, 206]);
    for (const res of answers) expect(sandbox(res)).toEqual(sandboxed);
  });

  it('leaves passive files inline, so images, styles and text still display', async () => {
    const app = fw();
    for (const path of ['/uploads/style.css', '/uploads/digits.txt', '/uploads/big.bin', '/uploads/data.json']) {
      const res = await app.request(path);
      expect(sandbox(res), path).toEqual(plain);
      await res.arrayBuffer();
    }
  });

  it("is off by default: the app's own pages are served as pages", async () => {
    const app = new Fw();
    app.use(staticFiles(site.root));
    expect(sandbox(await app.request('/logo.svg'))).toEqual(plain);
    expect(() => staticFiles(site.root, { untrusted: 'yes' as never })).toThrow('staticFiles: untrusted must be a boolean');
  });
});

describe('isActiveType', () => {
  it.each([
    ['text/html; charset=utf-8', true],
    ['application/xhtml+xml', true],
    ['image/svg+xml; charset=utf-8', true],
    ['application/xml', true],
    ['text/xml', true],
    ['application/rss+xml', true],
    ['TEXT/JavaScript', true],
    ['application/javascript', true],
    ['text/plain; charset=utf-8', false],
    ['text/css', false],
    ['image/png', false],
    ['application/json', false],
    ['application/pdf', false],
    ['application/octet-stream', false],
  ])('%s: %s', (type, active) => {
    expect(isActiveType(type)).toBe(active);
  });
});
