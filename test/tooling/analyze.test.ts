import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeProject, analyzeSource, findSourceFiles, parseRoutesFromSource } from '../../cli/tooling';

const project = fileURLToPath(new URL('../cli/fixtures/project/', import.meta.url));

describe('analyzeSource / parseRoutesFromSource (parsed with @babel/parser)', () => {
  const source = `
import { Fw } from 'fw';
import type { Context } from 'fw';
export * from './more';
const app = new Fw();
const opts = { schema: { body: {} } };
app.get('/users', () => []);
app.post("/users", async (ctx: Context) => ctx.json(), { schema: { body: { type: 'object' } }, tags: ['u'] });
app.put(\`/users/:id\`, (ctx) => ctx.env.DB.prepare('x'), opts);
app.group('/admin', (g) => { g.delete('/users/:id', () => null); });
app.route('PATCH', '/items', (c) => env.CACHE.get('k'));
map.get(key);
process.env.SECRET;
const lazy = await import('./lazy');
`;

  it('finds routes with their line and whether they declare a schema', () => {
    expect(parseRoutesFromSource(source, 'app.ts')).toEqual([
      { method: 'GET', path: '/users', file: 'app.ts', line: 7, hasSchema: false },
      { method: 'POST', path: '/users', file: 'app.ts', line: 8, hasSchema: true },
      { method: 'PUT', path: '/users/:id', file: 'app.ts', line: 9, hasSchema: null },
      { method: 'DELETE', path: '/users/:id', file: 'app.ts', line: 10, hasSchema: false },
      { method: 'PATCH', path: '/items', file: 'app.ts', line: 11, hasSchema: false },
    ]);
  });

  it('lists imports and env bindings (not process.env)', () => {
    const analysis = analyzeSource(source, 'app.ts');
    expect(analysis.imports).toEqual(['fw', 'fw', './more', './lazy']);
    expect(analysis.envBindings).toEqual(['CACHE', 'DB']);
    expect(analysis.errors).toEqual([]);
  });

  it('parses TSX and reports syntax errors instead of throwing', () => {
    expect(analyzeSource('export const V = () => <div a={1}>x</div>; app.get("/v", V);', 'v.tsx').routes).toHaveLength(1);
    const broken = analyzeSource('app.get("/a", () => 1);\nconst = ;', 'broken.ts');
    expect(broken.errors.length).toBeGreaterThan(0);
    expect(broken.errors[0]).toMatch(/^broken\.ts: /);
  });
});

describe('findSourceFiles / analyzeProject', () => {
  it('lists the project sources and analyzes them together', async () => {
    const files = await findSourceFiles(`${project}src`);
    expect(files.map((f) => f.slice(project.length))).toEqual([
      'src/app.ts',
      'src/index.ts',
      'src/routes.manifest.ts',
      'src/routes/items/[id].ts',
    ]);
    const analysis = await analyzeProject(project);
    expect(analysis.routes.map((r) => `${r.method} ${r.path} ${r.hasSchema}`)).toEqual([
      'GET /hello false',
      'POST /notes false',
      'PUT /notes/:id true',
      'GET /count false',
    ]);
    expect(analysis.packages).toEqual(['fw']);
    expect(analysis.envBindings).toEqual(['STORE']);
  });

  it('fails clearly on a missing folder', async () => {
    await expect(findSourceFiles(`${project}nope`)).rejects.toThrow(/no folder at .*nope/);
  });
});
