import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBun } from './bun-process';

describe('fw/bun adapter selection and TLS', () => {
  it('app.listen() picks fw/bun under Bun', async () => {
    const bun = await startBun('test/targets/bun/listen.ts');
    try {
      expect(await (await fetch(`${bun.url}/`)).json()).toEqual({ runtime: 'bun', tls: false });
    } finally {
      await bun.stop();
    }
  });

  it('serves HTTPS with tls.key and tls.cert through bun({ tls })', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fw-bun-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
      ],
      { stdio: 'ignore' },
    );
    const bun = await startBun('test/targets/bun/listen.ts', [join(dir, 'key.pem'), join(dir, 'cert.pem')]);
    try {
      const body = await new Promise<string>((resolve, reject) => {
        request(`${bun.url}/`, { ca: readFileSync(join(dir, 'cert.pem')), servername: 'localhost' }, (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve(text));
        })
          .on('error', reject)
          .end();
      });
      expect(JSON.parse(body)).toEqual({ runtime: 'bun', tls: true });
    } finally {
      await bun.stop();
    }
  });
});
