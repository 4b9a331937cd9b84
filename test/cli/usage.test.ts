import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commands } from '../../cli/src/main';
import { suggest } from '../../cli/src/args';
import { fw } from './run';

const project = fileURLToPath(new URL('./fixtures/project/', import.meta.url));

describe('fw: help, unknown commands and flags', () => {
  it('prints the command list for --help (exit 0) and without a command (exit 2)', async () => {
    const help = await fw(project, '--help');
    expect(help.code).toBe(0);
    for (const c of ['routes', 'build', 'doctor', 'mcp', 'migrate']) expect(help.out[0]).toMatch(new RegExp(`\\n  ${c} +\\S`));
    const none = await fw(project);
    expect(none.code).toBe(2);
    expect(none.err[0]).toMatch(/^Usage: fw <command>/);
  });

  it.each(commands.map((c) => c.name))('fw %s --help prints its usage with every flag', async (name) => {
    const run = await fw(project, name, '--help');
    expect(run.code).toBe(0);
    expect(run.out[0]).toMatch(new RegExp(`^Usage: fw ${name}`));
    for (const flag of Object.keys(commands.find((c) => c.name === name)!.flags)) expect(run.out[0]).toContain(`--${flag}`);
    expect((await fw(project, name, '-h')).out).toEqual(run.out);
  });

  it('rejects unknown commands and flags with a suggestion (exit 2)', async () => {
    expect(await fw(project, 'doctr')).toEqual({
      code: 2,
      out: [],
      err: ['fw: unknown command "doctr"; did you mean fw doctor? (run fw --help)'],
    });
    expect(await fw(project, 'deploy')).toEqual({ code: 2, out: [], err: ['fw: unknown command "deploy" (run fw --help)'] });
    expect(await fw(project, 'build', '--tagret', 'worker')).toEqual({
      code: 2,
      out: [],
      err: ['fw build: unknown flag --tagret; did you mean --target? (see fw build --help)'],
    });
    expect(await fw(project, 'routes', '--jsno')).toMatchObject({
      code: 2,
      err: ['fw routes: unknown flag --jsno; did you mean --json? (see fw routes --help)'],
    });
    expect(await fw(project, 'doctor', '--zzzzzz')).toMatchObject({
      code: 2,
      err: ['fw doctor: unknown flag --zzzzzz (see fw doctor --help)'],
    });
    expect(await fw(project, 'routes', '--dir')).toMatchObject({ code: 2, err: ['fw routes: --dir needs a value (see fw routes --help)'] });
    expect(await fw(project, 'doctor', '--json=yes')).toMatchObject({ code: 2, err: ['fw doctor: --json takes no value'] });
    expect(await fw(project, 'migrate', 'upp')).toMatchObject({
      code: 2,
      err: [expect.stringContaining('unknown action "upp"; did you mean up?')],
    });
    expect(await fw(project, 'migrate')).toMatchObject({ code: 2, err: [expect.stringContaining('name an action')] });
  });

  it('suggests only near words', () => {
    expect(suggest('tagret', ['target', 'entry'])).toBe('target');
    expect(suggest('x', ['target'])).toBeNull();
    expect(suggest('completely-different', ['target', 'entry'])).toBeNull();
  });
});

describe('fw routes', () => {
  it('prints the file routes of a folder as a table, or JSON', async () => {
    const run = await fw(project, 'routes', '--dir', 'src/routes');
    expect(run.code).toBe(0);
    expect(run.out).toEqual([
      'METHOD  PATH        VALIDATED  SOURCE',
      '------  ----------  ---------  -------------',
      'GET     /items/:id  no         items/[id].ts',
      '1 route',
    ]);
    const json = await fw(project, 'routes', '--dir', '../../../file-routes/fixtures/routes', '--json');
    const rows = JSON.parse(json.out[0]) as { method: string; path: string; validated: boolean }[];
    expect(rows).toContainEqual({ method: 'POST', path: '/users', validated: true, source: 'users.ts' });
    expect(rows).toHaveLength(9);
  });

  it('lists every route of an app module with --app, or of the app it finds without flags', async () => {
    const run = await fw(project, 'routes', '--app', 'src/app.ts');
    expect((await fw(project, 'routes')).out).toEqual(run.out);
    expect(run.out.slice(2)).toEqual([
      'GET     /hello      no         src/app.ts',
      'POST    /notes      no         src/app.ts',
      'PUT     /notes/:id  yes        src/app.ts',
      'GET     /count      no         src/app.ts',
      '4 routes',
    ]);
  });

  it('fails clearly on a missing folder, a missing app and a module without an app', async () => {
    expect(await fw(project, 'routes', '--dir', 'nope')).toMatchObject({
      code: 1,
      err: [expect.stringMatching(/^fw routes: fromFileRoutes: no routes folder at .*nope/)],
    });
    expect(await fw(project, 'routes', '--app', 'src/missing.ts')).toMatchObject({
      code: 2,
      err: [expect.stringMatching(/no app module at .*missing\.ts/)],
    });
    expect(await fw(project, 'routes', '--app', 'src/routes/items/[id].ts')).toMatchObject({
      code: 2,
      err: [expect.stringMatching(/exports no fw app/)],
    });
  });
});

describe('fw openapi', () => {
  it('prints the OpenAPI 3.1 document of the app, with file routes when asked', async () => {
    const run = await fw(project, 'openapi', '--app', 'src/app.ts', '--routes', 'src/routes', '--title', 'Fixture');
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.out[0]);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toEqual({ title: 'Fixture', version: '1.0.0' });
    expect(Object.keys(doc.paths).sort()).toEqual(['/count', '/hello', '/items/{id}', '/notes', '/notes/{id}']);
    expect(doc.paths['/notes/{id}'].put.requestBody.content['application/json'].schema.required).toEqual(['text']);
    const md = await fw(project, 'openapi', '--app', 'src/app.ts', '--markdown');
    expect(md.out[0]).toMatch(/^# /);
    expect(await fw(project, 'openapi', '--app', 'src/app.ts', '--version', ' ')).toMatchObject({
      code: 2,
      err: ['fw openapi: --version needs a non-empty value'],
    });
  });
});
