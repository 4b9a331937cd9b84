/** Checks a built bench bundle answers `GET /` with "Hello" before its size counts: a worker in workerd, a Lambda handler in Node. */
import { Miniflare } from 'miniflare';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const v2Event = {
  version: '2.0',
  routeKey: '$default',
  rawPath: '/',
  rawQueryString: '',
  headers: { host: 'example.com' },
  requestContext: {
    http: { method: 'GET', path: '/', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
    domainName: 'example.com',
    requestId: 'bench',
    stage: '$default',
    timeEpoch: 0,
  },
  isBase64Encoded: false,
};

/** Throws unless the bundle answers GET / with 200 "Hello". */
export async function checkApp(kind: 'worker' | 'lambda', code: string): Promise<void> {
  if (kind === 'worker') {
    const mf = new Miniflare({
      cf: false,
      modules: [{ type: 'ESModule', path: 'worker.mjs', contents: code }],
      compatibilityDate: '2026-04-01',
    });
    try {
      const response = await mf.dispatchFetch('http://localhost/');
      const text = await response.text();
      if (response.status !== 200 || text !== 'Hello') throw new Error(`worker bundle answered ${response.status} ${text}`);
    } finally {
      await mf.dispose();
    }
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'fw-bundle-check-'));
  try {
    const file = join(dir, 'handler.mjs');
    writeFileSync(file, code);
    const { handler } = (await import(pathToFileURL(file).href)) as {
      handler: (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string }>;
    };
    const result = await handler(v2Event, { functionName: 'bench', awsRequestId: 'bench', getRemainingTimeInMillis: () => 30000 });
    if (result.statusCode !== 200 || result.body !== 'Hello') throw new Error(`lambda bundle answered ${result.statusCode} ${result.body}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
