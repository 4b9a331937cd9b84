import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../targets/worker/helpers';
import { fw } from './run';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('fw dev: serves the project on Node and restarts on changes', () => {
  let project: string;
  let child: ChildProcess;
  let hmrPort: number;
  const lines: string[] = [];
  const waiters: { match: RegExp; from: number; done: (line: string) => void }[] = [];

  function waitFor(match: RegExp, from = 0): Promise<string> {
    const found = lines.slice(from).find((l) => match.test(l));
    if (found) return Promise.resolve(found);
    return new Promise((done) => waiters.push({ match, from, done }));
  }

  const appSource = (answer: string) =>
    `import { Fw } from 'fw';\nexport const app = new Fw();\napp.get('/v', () => ${JSON.stringify(answer)});\n`;

  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'fw-dev-'));
    await mkdir(join(project, 'src/routes'), { recursive: true });
    await writeFile(join(project, 'package.json'), '{ "type": "module" }');
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify({ extends: join(root, 'tsconfig.json') }));
    await writeFile(join(project, 'src/app.ts'), appSource('one'));
    await writeFile(join(project, 'src/routes/ping.ts'), 'export const get = () => "pong";\n');
    hmrPort = await freePort();
    child = spawn(process.execPath, [join(root, 'cli/bin/fw.mjs'), 'dev', '--port', '0', '--hmr', String(hmrPort)], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(line);
        for (const w of [...waiters]) {
          if (lines.length - 1 >= w.from && w.match.test(line)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.done(line);
          }
        }
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
  });

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(project, { recursive: true, force: true });
  });

  it('serves the app and its file routes, reloads after an edit, and stops cleanly', async () => {
    const ready = await waitFor(/^\[fw dev\] ready on http:\/\/127\.0\.0\.1:\d+ \(2 routes\)$/);
    const url = /http:\/\/\S+/.exec(ready)![0];
    expect(await (await fetch(`${url}/v`)).text()).toBe('one');
    expect(await (await fetch(`${url}/ping`)).text()).toBe('pong');
    await waitFor(new RegExp(`^\\[fw dev\\] live reload on http://127\\.0\\.0\\.1:${hmrPort}/__fw/hmr$`));
    const events = await fetch(`http://127.0.0.1:${hmrPort}/__fw/hmr`);
    const stream = events.body!.getReader();
    const mark = lines.length;
    await writeFile(join(project, 'src/app.ts'), appSource('two'));
    await waitFor(/^\[fw dev\] app\.ts changed, reloading$/, mark);
    const again = await waitFor(/^\[fw dev\] ready on /, mark);
    expect(await (await fetch(`${/http:\/\/\S+/.exec(again)![0]}/v`)).text()).toBe('two');
    let received = '';
    while (!received.includes('event: reload')) {
      const { done, value } = await stream.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    expect(received).toContain('event: reload\ndata: {"module":"app.ts"}');
    await stream.cancel();
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 120_000);

  it('rejects a bad port and a missing watch folder', async () => {
    expect(await fw(root, 'dev', '--port', 'http')).toMatchObject({
      code: 2,
      err: ['fw dev: --port must be a port number (0-65535), got http'],
    });
    expect(await fw(root, 'dev', '--hmr', '0')).toMatchObject({ code: 2, err: ['fw dev: --hmr must be a port number (1-65535), got 0'] });
    expect(await fw(root, 'dev', '--watch', 'no-such-folder')).toMatchObject({
      code: 2,
      err: [expect.stringMatching(/^fw dev: no folder to watch at .*no-such-folder/)],
    });
  });
});
