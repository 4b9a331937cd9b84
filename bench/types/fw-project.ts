/**
 * The plan as an fw app (one chain from `new Fw()`, groups returning their group, `export type App = typeof app`)
 * and a client file that calls the planned routes through `createClient<App>` and reads `data`.
 */
import { type PlanItem, type PlannedRoute, sectionPrefix } from './plan';

const jsonBody = (i: number): string =>
  `{ type: 'object', properties: { name${i}: { type: 'string' }, count: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['name${i}'] }`;
const jsonResponse = (i: number): string =>
  `{ 200: { type: 'object', additionalProperties: false, properties: { id: { type: 'integer' }, name${i}: { type: 'string' } }, required: ['id', 'name${i}'] } }`;
const zodBody = (i: number): string => `z.object({ title${i}: z.string(), n: z.number(), done: z.boolean().optional() })`;

function route(r: PlannedRoute): string {
  const { i } = r;
  switch (r.kind) {
    case 'get':
      return `.get('/r${i}/items/:id', (ctx) => ({ id: ctx.params.id, n${i}: ${i} }))`;
    case 'get2':
      return `.get('/r${i}/items/:id/notes/:note', (ctx) => ({ id: ctx.params.id, note${i}: ctx.params.note }))`;
    case 'post-json':
      return `.post('/r${i}/items', async (ctx) => { const body = await ctx.body(); return { id: ${i}, name${i}: body.name${i} }; }, { schema: { body: ${jsonBody(i)}, response: ${jsonResponse(i)} } })`;
    case 'post-zod':
      return `.post('/r${i}/drafts', async (ctx) => { const body = await ctx.body(); return { ok: true, title${i}: body.title${i} }; }, { schema: { body: ${zodBody(i)} } })`;
    case 'group-list':
      return `.get('/', (ctx) => ({ org: ctx.params.org, list${i}: [${i}] }))`;
    case 'group-get':
      return `.get('/:id', (ctx) => ({ org: ctx.params.org, id${i}: ctx.params.id }))`;
    case 'group-post-json':
      return `.post('/', async (ctx) => { const body = await ctx.body(); return { id: ${i}, name${i}: body.name${i} }; }, { schema: { body: ${jsonBody(i)}, response: ${jsonResponse(i)} } })`;
    case 'group-post-zod':
      return `.post('/import', async (ctx) => { const body = await ctx.body(); return { ok: true, title${i}: body.title${i} }; }, { schema: { body: ${zodBody(i)} } })`;
    case 'group-delete':
      return `.delete('/:id', (ctx) => ({ deleted${i}: ctx.params.id }))`;
  }
}

/** app.ts: the planned routes on one fw app. */
export function fwApp(plan: PlanItem[]): string {
  const chain = plan.map((item) =>
    'routes' in item
      ? `  .group('/${item.section ? 's' : 'g'}${item.group}${item.section ? '' : '/:org'}', (grp) => grp\n${item.routes.map((r) => `    ${route(r)}`).join('\n')})`
      : `  ${route(item)}`,
  );
  return `import { Fw } from 'fw';\nimport { z } from 'zod';\n\nexport const app = new Fw()\n${chain.join('\n')};\n\nexport type App = typeof app;\n`;
}

/** The call, and what its data is read as: [call expression, field read from data, the field's type]. */
function call(r: PlannedRoute): [string, string, string] {
  const { i } = r;
  const g = `/g${r.group}/:org`;
  const s = sectionPrefix(r);
  switch (r.kind) {
    case 'get':
      return [`client.get('${s}/r${i}/items/:id', { params: { id: '${i}' } })`, `n${i}`, 'number'];
    case 'get2':
      return [`client.get('${s}/r${i}/items/:id/notes/:note', { params: { id: '${i}', note: 'a' } })`, `note${i}`, 'string'];
    case 'post-json':
      return [`client.post('${s}/r${i}/items', { body: { name${i}: 'x', count: 2 } })`, `name${i}`, 'string'];
    case 'post-zod':
      return [`client.post('${s}/r${i}/drafts', { body: { title${i}: 't', n: 1 } })`, `title${i}`, 'string'];
    case 'group-list':
      return [`client.get('${g}', { params: { org: 'o' } })`, `list${i}`, 'number[]'];
    case 'group-get':
      return [`client.get('${g}/:id', { params: { org: 'o', id: '${i}' } })`, `id${i}`, 'string'];
    case 'group-post-json':
      return [`client.post('${g}', { params: { org: 'o' }, body: { name${i}: 'x' } })`, `name${i}`, 'string'];
    case 'group-post-zod':
      return [`client.post('${g}/import', { params: { org: 'o' }, body: { title${i}: 't', n: 1 } })`, `title${i}`, 'string'];
    case 'group-delete':
      return [`client.delete('${g}/:id', { params: { org: 'o', id: '${i}' } })`, `deleted${i}`, 'string'];
  }
}

/** Where an editor asks for completions in client.ts: inside the path of a last `client.get('')` (fwClient's last line). */
export const fwCompletionLine = "  void client.get('');";

/**
 * client.ts: a call to each route of `called`, its data read as typed; every tenth also reads a field data lacks
 * (@ts-expect-error); and a last `client.get('')` whose path an editor completes (completion.ts).
 */
export function fwClient(called: PlannedRoute[]): string {
  const lines = called.flatMap((r, n) => {
    const [expression, field, type] = call(r);
    const read = [`  const r${n} = await ${expression};`, `  const v${n}: ${type} | undefined = r${n}.data?.${field};`];
    if (n % 10 === 0) read.push('  // @ts-expect-error data has no such field', `  void r${n}.data?.missing${r.i};`);
    return read;
  });
  lines.push(`  // @ts-expect-error the path is where completion.ts asks for completions`, fwCompletionLine);
  return `import { createClient } from 'fw/client';\nimport type { App } from './app';\n\nconst client = createClient<App>('http://localhost:3000');\n\nexport async function calls(): Promise<void> {\n${lines.join('\n')}\n}\n`;
}
