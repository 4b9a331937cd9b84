import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeProjects, runFw, tempProject } from './temp-project';

const made: string[] = [];
afterAll(() => removeProjects(made));

async function project(files: Record<string, string>): Promise<string> {
  const dir = await tempProject(files);
  made.push(dir);
  return dir;
}

const plainApp = "import { Fw } from 'fw';\nexport const app = new Fw();\napp.get('/pets', () => []);\n";

const documentedApp = `import { Fw, openapi } from 'fw';
export const app = new Fw();
await app.plugin(openapi({ title: 'Pet Store', version: '2.1.0', description: 'Pets for sale' }));
app.get('/pets', () => []);
`;

describe.concurrent('fw openapi takes the title and version of the app', { timeout: 180_000 }, () => {
  it("uses the project package.json's name and version when the app has no openapi plugin", async () => {
    const dir = await project({ 'package.json': '{ "name": "pets-api", "version": "0.3.0", "type": "module" }', 'src/app.ts': plainApp });
    const run = await runFw(dir, 'openapi', '--out', 'openapi.json');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(`wrote ${join(dir, 'openapi.json')} (1 path; title "pets-api" from package.json)\n`);
    const doc = JSON.parse(await readFile(join(dir, 'openapi.json'), 'utf8'));
    expect(doc.info).toEqual({ title: 'pets-api', version: '0.3.0' });
    expect(Object.keys(doc.paths)).toEqual(['/pets']);
  });

  it("prints the document the openapi plugin serves, with the plugin's title, version and description over package.json's", async () => {
    const dir = await project({
      'package.json': '{ "name": "pets-api", "version": "0.3.0", "type": "module" }',
      'src/app.ts': documentedApp,
      'src/routes/ping.ts': 'export const get = () => "pong";\n',
    });
    const run = await runFw(dir, 'openapi', '--routes', 'src/routes');
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc.info).toEqual({ title: 'Pet Store', version: '2.1.0', description: 'Pets for sale' });
    expect(Object.keys(doc.paths)).toEqual(['/pets', '/ping']);
    const overridden = await runFw(dir, 'openapi', '--title', 'Shop', '--out', 'doc.json');
    expect(overridden.stderr).toBe(`wrote ${join(dir, 'doc.json')} (1 path; title "Shop" from --title)\n`);
    expect(JSON.parse(await readFile(join(dir, 'doc.json'), 'utf8')).info).toEqual({
      title: 'Shop',
      version: '2.1.0',
      description: 'Pets for sale',
    });
  });

  it("falls back to fw's defaults when package.json has no name, and refuses empty flags and a project without an app", async () => {
    const dir = await project({ 'package.json': '{ "type": "module" }', 'app.ts': plainApp });
    const run = await runFw(dir, 'openapi', '--version', '4.0.0', '--out', 'doc.json');
    expect(run.stderr).toBe(`wrote ${join(dir, 'doc.json')} (1 path; title "fw API" from fw's default)\n`);
    expect(JSON.parse(await readFile(join(dir, 'doc.json'), 'utf8')).info).toEqual({ title: 'fw API', version: '4.0.0' });
    expect(await runFw(dir, 'openapi', '--title', ' ')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'fw openapi: --title needs a non-empty value\n',
    });
    const empty = await project({ 'package.json': '{ "type": "module" }' });
    const none = await runFw(empty, 'openapi');
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(new RegExp(`^fw openapi: found no fw app in ${empty}\\n  no such file: src/app\\.\\{ts,js,mjs\\}, `));
    expect(none.stderr).toMatch(/\nPass --app <file> to name the app module\.\n$/);
  });
});
