/**
 * `npm create fw@latest`: the packed create-fw writes a project for each target (worker, lambda, node, bun) that
 * installs against the packed fw, fw-mcp and fw-cli (the npm cache serves vitest, wrangler and the rest), passes its
 * own `npm test`, type-check and build, and answers a GET from `npm run dev` on 127.0.0.1. Bad input is refused with
 * a message and nothing written; on a terminal the missing template is asked for.
 *
 * The four projects are independent, so they are made and checked at the same time. Projects whose package.json asks
 * for the same packages (lambda, node and bun) share one clean `npm install`: the first one installs, the others start
 * from a hard-linked copy of its node_modules and lockfile and run their own `npm install`, which finds the tree complete.
 *
 * @slow: minutes of installs and child processes, so it starts first (test/setup/slow-first.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packedOnce } from '../packages/packed-project';
import { cleanEnv, sh, waitForUrl } from '../packages/run';

const root = fileURLToPath(new URL('../../', import.meta.url));
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
  devDependencies: Record<string, string>;
};
let base: string;
let tarballs: Map<string, string>;
/** The bin of the unpacked create-fw tarball. */
let createFw: string;
/** A folder holding only the repository's `bun` binary, put first on PATH where the bun project runs. */
let bunBin: string;

beforeAll(async () => {
  tarballs = await packedOnce(root);
  base = mkdtempSync(join(tmpdir(), 'fw-create-'));
  for (const name of ['fw', 'fw-mcp', 'fw-cli', 'create-fw']) if (!tarballs.has(name)) throw new Error(`npm pack made no ${name} tarball`);
  await sh('tar', ['xzf', tarballs.get('create-fw')!], base);
  createFw = join(base, 'package', 'bin', 'create-fw.mjs');
  bunBin = join(base, 'bun-bin');
  mkdirSync(bunBin);
  symlinkSync(realpathSync(join(root, 'node_modules', '.bin', 'bun')), join(bunBin, 'bun'));
}, 300_000);

afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the packed bin with `args` in the temporary folder, stdin a closed pipe (not a terminal). */
function runCreateFw(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [createFw, ...args], { cwd: base, env: cleanEnv() }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

/** A port nothing listens on now, for wrangler dev (which takes no port 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** Starts `npm run dev -- ...args` in its own process group; resolves with the URL the dev server prints it is ready on. */
async function startDev(dir: string, args: string[], env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn('npm', ['run', 'dev', '--', ...args], {
    cwd: dir,
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const url = await waitForUrl(child, /(?:ready on|listening on)\s+(http:\/\/[^\s)]+)/i, 90_000, () => void stopDev(child));
  return { url, child };
}

/** Stops the dev server's process group (npm, its shell, the server and anything it started) and waits for npm to exit. */
function stopDev(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

/** Per target: the file its deployment reads, what `npm run build` writes, how its dev server is given a free port. */
const targets = {
  worker: {
    deployFile: 'wrangler.toml',
    bundle: 'dist/worker/index.js',
    dev: async () => ({ args: ['--port', String(await freePort())], env: {} }),
  },
  lambda: { deployFile: 'template.yaml', bundle: 'dist/lambda/index.mjs', dev: async () => ({ args: ['--port', '0'], env: {} }) },
  node: { deployFile: null, bundle: 'dist/node/index.mjs', dev: async () => ({ args: ['--port', '0'], env: {} }) },
  bun: { deployFile: null, bundle: 'dist/bun/index.js', dev: async () => ({ args: [], env: { PORT: '0' } }) },
};

/** Queue of `npm exec` runs: npx installs the create-fw tarball into one cache folder, which two runs at once would both write. */
let npmExecs: Promise<unknown> = Promise.resolve();

/** Runs `npm exec` of the create-fw tarball (what `npm create fw` runs) after the ones before it have finished; its stdout. */
function npmCreateFw(args: string[]): Promise<string> {
  const run = npmExecs.then(() => sh('npm', ['exec', '--yes', '--package', tarballs.get('create-fw')!, '--', 'create-fw', ...args], base));
  npmExecs = run.catch(() => undefined);
  return run;
}

/** The first clean install per set of packages a package.json asks for: a hard-linked snapshot of its node_modules and lockfile. */
const installs = new Map<string, Promise<string>>();

/**
 * `npm install` in a written project. The first project asking for a set of packages installs it from scratch and
 * keeps a snapshot; a project asking for the same set starts from a hard-linked copy of that snapshot, and its own
 * `npm install` checks the tree against its package.json (installing what differs, were anything to).
 */
async function npmInstall(dir: string, wanted: object): Promise<void> {
  const npmInstallArgs = ['install', '--prefer-offline', '--no-audit', '--no-fund'];
  const key = JSON.stringify(wanted);
  const first = installs.get(key);
  if (!first) {
    const snapshot = (async () => {
      await sh('npm', npmInstallArgs, dir);
      const kept = mkdtempSync(join(base, 'installed-'));
      await sh('cp', ['-al', 'node_modules', 'package-lock.json', kept], dir);
      return kept;
    })();
    installs.set(key, snapshot);
    await snapshot;
    return;
  }
  const kept = await first;
  await sh('cp', ['-al', join(kept, 'node_modules'), join(kept, 'package-lock.json'), dir], dir);
  await sh('npm', npmInstallArgs, dir);
}

describe.concurrent('npm create fw@latest, for every target', () => {
  it.for(Object.keys(targets) as (keyof typeof targets)[])(
    '%s: writes a project whose npm install, test, typecheck, build and dev work against the tarballs',
    { timeout: 600_000 },
    async (target, { expect }) => {
      const { deployFile, bundle, dev } = targets[target];
      const wrote = await npmCreateFw([`my-${target}`, '--template', target]);
      expect(wrote).toContain(`Wrote a ${target} project for fw ${rootPackage.version}`);
      const dir = join(base, `my-${target}`);
      if (deployFile) expect(existsSync(join(dir, deployFile))).toBe(true);
      expect(existsSync(join(dir, '.gitignore'))).toBe(true);

      const written = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name: string;
        dependencies: Record<string, string>;
        devDependencies: Record<string, string>;
      };
      expect(written.name).toBe(`my-${target}`);
      expect(written.dependencies).toEqual({ fw: `^${rootPackage.version}` });
      expect(written.devDependencies['fw-cli']).toBe(`^${rootPackage.version}`);
      for (const [name, range] of Object.entries(written.devDependencies))
        if (name !== 'fw-cli') expect(range, `${name}: the range fw's own repository tests with`).toBe(rootPackage.devDependencies[name]);

      // The tarballs stand in for the registry; fw-mcp is there because npm fails on the optional fw-mcp peer of fw and fw-cli
      // when the registry has no fw-mcp at all.
      await sh(
        'npm',
        [
          'pkg',
          'set',
          `dependencies.fw=file:${tarballs.get('fw')}`,
          `dependencies.fw-mcp=file:${tarballs.get('fw-mcp')}`,
          `devDependencies.fw-cli=file:${tarballs.get('fw-cli')}`,
        ],
        dir,
      );
      const installed = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as typeof written;
      await npmInstall(dir, { dependencies: installed.dependencies, devDependencies: installed.devDependencies });
      const env = {
        PATH: `${bunBin}:${process.env.PATH}`,
        XDG_CONFIG_HOME: join(base, 'xdg'),
        WRANGLER_SEND_METRICS: 'false',
        NO_COLOR: '1',
      };
      expect(await sh('npm', ['test'], dir, env)).toMatch(/Tests\s+\S*\d+ passed/);
      await sh('npm', ['run', 'typecheck'], dir, env);
      await sh('npm', ['run', 'build'], dir, env);
      expect(existsSync(join(dir, bundle))).toBe(true);

      const { args, env: devEnv } = await dev();
      const { url, child } = await startDev(dir, args, { ...env, ...devEnv });
      try {
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/?$/);
        const response = await fetch(new URL('/hello/Ada?lang=fr', url));
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ message: 'Bonjour, Ada!' });
      } finally {
        await stopDev(child);
      }
    },
  );
});

describe('the create-fw tarball', () => {
  it('passes publint --strict', async () => {
    expect(await sh(join(root, 'node_modules', '.bin', 'publint'), ['run', tarballs.get('create-fw')!, '--strict'], root)).toContain(
      'All good',
    );
  });
});

describe('bad input', () => {
  it('refuses a folder that is not empty, naming what is in it, and writes nothing', async () => {
    const dir = join(base, 'taken');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const run = await runCreateFw(['taken', '--template', 'node']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/taken is not empty \(notes\.txt\): name a new folder, or empty this one first/);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('refuses an unknown template, listing the templates', async () => {
    const run = await runCreateFw(['typo', '--template', 'wrker']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown template "wrker"; the templates are worker, lambda, node, bun');
    expect(existsSync(join(base, 'typo'))).toBe(false);
  });

  it('asks nothing when stdin is not a terminal: it says what to pass', async () => {
    const run = await runCreateFw(['quiet']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('not on a terminal, so nothing is asked: pass --template worker|lambda|node|bun');
    expect(existsSync(join(base, 'quiet'))).toBe(false);
  });

  it('refuses an unknown flag and an unknown package manager', async () => {
    expect((await runCreateFw(['x', '--tempalte', 'node'])).stderr).toContain("Unknown option '--tempalte'");
    const pm = await runCreateFw(['x', '--template', 'node', '--pm', 'pip']);
    expect(pm.code).toBe(2);
    expect(pm.stderr).toContain('unknown package manager "pip"; --pm takes npm, pnpm, yarn, bun');
    expect(existsSync(join(base, 'x'))).toBe(false);
  });
});

describe('on a terminal', () => {
  it('asks for the template, asks again after a wrong answer, then writes the project', async () => {
    // script(1) gives the bin a pseudo-terminal; the answers are typed ahead and read one per question.
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('script', ['-qec', `${process.execPath} ${createFw} asked`, '/dev/null'], { cwd: base, env: cleanEnv() });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`create-fw exited with ${code}:\n${text}`))));
      child.stdin.write('9\nnode\n');
    });
    expect(output).toContain('"9" is none of them: type 1-4 or worker, lambda, node, bun');
    expect(output).toContain('Wrote a node project');
    expect(JSON.parse(readFileSync(join(base, 'asked', 'package.json'), 'utf8')).scripts.dev).toBe('fw dev');
  });
});
