import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Fw, jsx, renderToString } from 'fw';
import { generateStaticSite, listStaticFiles, staticFileFor } from '../../cli/tooling';

const dirs: string[] = [];
async function outDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fw-ssg-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

function site(): Fw {
  const app = new Fw();
  app.get('/', async (ctx) => ctx.html(await renderToString(jsx('h1', { children: 'Home' }))));
  app.get('/blog/:slug', async (ctx) => ctx.html(await renderToString(jsx('article', { children: `post ${ctx.params.slug}` }))));
  app.get('/feed.xml', () => new Response('<rss/>', { headers: { 'content-type': 'application/xml' } }));
  return app;
}

describe('generateStaticSite', () => {
  it('renders paths through the app to files and lists them', async () => {
    const dir = await outDir();
    const pages = await generateStaticSite(site(), { paths: ['/', '/blog/hello', '/blog/a%20b', '/feed.xml'], outDir: dir });
    expect(pages.map((p) => [p.path, p.file, p.status])).toEqual([
      ['/', 'index.html', 200],
      ['/blog/hello', 'blog/hello/index.html', 200],
      ['/blog/a%20b', 'blog/a b/index.html', 200],
      ['/feed.xml', 'feed.xml', 200],
    ]);
    expect(await readFile(join(dir, 'blog/hello/index.html'), 'utf8')).toBe('<article>post hello</article>');
    expect(await readFile(join(dir, 'index.html'), 'utf8')).toBe('<h1>Home</h1>');
    expect(pages[0].bytes).toBe(13);
    expect(await listStaticFiles(dir)).toEqual(['blog/a b/index.html', 'blog/hello/index.html', 'feed.xml', 'index.html']);
  });

  it('writes nothing when a path does not answer 200, and rejects paths that are not safe file names', async () => {
    const dir = await outDir();
    await expect(generateStaticSite(site(), { paths: ['/', '/missing', '/also/missing'], outDir: dir })).rejects.toThrow(
      'generateStaticSite: /missing answered 404, /also/missing answered 404',
    );
    expect(await listStaticFiles(dir)).toEqual([]);
    for (const bad of ['about', '/a?x=1', '/a#b', '/../etc/passwd', '/a/%2e%2e/b', '/a/%2Fb'])
      expect(() => staticFileFor(bad)).toThrow(TypeError);
  });
});
