import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from './fixtures';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const bundle = `${root}dist/lambda/index.mjs`;
const marker = 'RESULTS:';

/** Imports the built bundle in a fresh Node process, the way the Lambda Node 20 runtime loads it, and calls the handler with each event. */
async function invokeBuilt(events: unknown[]): Promise<any[]> {
  const script = `
    const { handler } = await import(${JSON.stringify(bundle)});
    const context = { awsRequestId: 'req-1', functionName: 'fw-example', getRemainingTimeInMillis: () => 3000 };
    const results = [];
    for (const event of ${JSON.stringify(events)}) results.push(await handler(event, context));
    process.stdout.write('\\n' + ${JSON.stringify(marker)} + JSON.stringify(results));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: '/' });
  return JSON.parse(stdout.slice(stdout.indexOf(marker) + marker.length));
}

describe('npm run build:lambda', () => {
  beforeAll(async () => {
    await run('npm', ['run', '-s', 'build:lambda'], { cwd: root });
  });

  it('writes one minified ESM file with no imports left but Node builtins', () => {
    const code = readFileSync(bundle, 'utf8');
    expect(code).toMatch(/export\{[\w$]+ as handler\};\s*$/);
    // Static and dynamic (`import("node:http")`, loaded on first use) imports alike.
    const imports = [...code.matchAll(/\bimport\s*(?:[\w*{}\s,$]+from\s*|\(\s*)?"([^"]+)"/g)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.every((name) => name.startsWith('node:'))).toBe(true);
  });

  it('answers HTTP API events, validation errors and the schedule from the built file', async () => {
    const get = fixture('apigw-v2');
    get.requestContext.http.method = 'GET';
    get.rawPath = '/users/1';
    delete get.body;
    const missing = fixture('apigw-v2');
    missing.requestContext.http.method = 'GET';
    missing.rawPath = '/users/99';
    delete missing.body;
    const create = fixture('apigw-v2');
    create.rawPath = '/users';
    create.body = JSON.stringify({ name: 'Linus' });
    const invalid = fixture('apigw-v2');
    invalid.rawPath = '/users';
    invalid.body = JSON.stringify({ name: '' });
    const [user, notFound, created, rejected, scheduled] = await invokeBuilt([get, missing, create, invalid, fixture('schedule')]);

    expect(user).toMatchObject({ statusCode: 200, body: '{"id":"1","name":"Ada"}' });
    expect(user.headers['x-cold-start']).toBe('true');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-cold-start']).toBe('false');
    expect(JSON.parse(notFound.body)).toMatchObject({ error: 'No user 99', code: 'NOT_FOUND' });
    expect(created.statusCode).toBe(201);
    expect(created.cookies).toEqual(['last-user=3; Path=/; HttpOnly']);
    expect(JSON.parse(created.body)).toEqual({ id: '3', name: 'Linus' });
    expect(rejected.statusCode).toBe(400);
    expect(scheduled).toBeNull();
  });
});
