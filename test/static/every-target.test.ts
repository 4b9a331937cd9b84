/**
 * Static files on fw/node, fw/bun, workerd (miniflare, files from the assets binding) and Lambda: precompressed
 * variants, setHeaders, sendFile and download. On workers the assets binding chooses the encoding itself, so
 * precompressed variants are a file-system feature (see the README's limits).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeEveryTarget } from '../targets/every-target';

const app = fileURLToPath(new URL('./fixtures/every-target-app.ts', import.meta.url));
const site = fileURLToPath(new URL('./fixtures/every-target-site', import.meta.url));
/** The original CSS; its .br and .gz beside it hold the same text compressed. */
const css = readFileSync(join(site, 'style.css'), 'utf8');

describeEveryTarget(
  'static files',
  app,
  (client) => {
    it('serves a file with setHeaders applied', async () => {
      const response = await client().fetch('/static/report.txt');
      expect(response.status).toBe(200);
      expect(response.headers.get('x-static')).toBe('yes');
      expect(await response.text()).toBe('quarterly numbers');
    });

    it('serves the .br variant where files come from a file system', async () => {
      const response = await client().fetch('/static/style.css', { headers: { 'accept-encoding': 'br' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/css/);
      if (client().target === 'worker') {
        expect(await response.text()).toBe(css);
        return;
      }
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      // fetch() decodes br from a socket; the Lambda result is the encoded bytes, base64 in the event result.
      const body = Buffer.from(await response.arrayBuffer());
      expect(client().target === 'lambda' ? brotliDecompressSync(body).toString() : body.toString()).toBe(css);
    });

    it('sends a named file from a handler, and a 404 for a missing one', async () => {
      const response = await client().fetch('/report');
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('quarterly numbers');
      expect((await client().fetch('/missing')).status).toBe(404);
    });

    it('offers a download under a UTF-8 name', async () => {
      const response = await client().fetch('/report/download');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="Bericht M?rz.txt"; filename*=UTF-8''Bericht%20M%C3%A4rz.txt`,
      );
      expect(await response.text()).toBe('quarterly numbers');
    });
  },
  {
    worker: {
      assets: { directory: site, binding: 'ASSETS', routerConfig: { invoke_user_worker_ahead_of_assets: true, has_user_worker: true } },
    } as never,
  },
);
