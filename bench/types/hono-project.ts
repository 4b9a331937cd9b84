/**
 * The plan as a Hono app in one chain from `new Hono()`, so `hc<AppType>` types it, and a client file making the
 * same calls through `hc`. Bodies are validated with zod through hono/validator (@hono/zod-validator is not installed;
 * validate.ts types a route as it does: `in` from z.input, `out` from z.output). A group's routes are registered
 * with their full paths in the chain: sub-apps mounted with `.route()` take Hono itself past TypeScript's
 * instantiation depth in a long chain (see README.md), and the client's types are the same either way.
 */
import { type PlanItem, type PlannedRoute, allRoutes } from './plan';

const sectionKey = (r: PlannedRoute): string => (r.section === undefined ? '' : `s${r.section}.`);

const jsonBody = (i: number): string =>
  `z.object({ name${i}: z.string(), count: z.number().int().optional(), tags: z.array(z.string()).optional() })`;
const zodBody = (i: number): string => `z.object({ title${i}: z.string(), n: z.number(), done: z.boolean().optional() })`;

function route(r: PlannedRoute): string {
  const { i } = r;
  const g = `/g${r.group}/:org`;
  switch (r.kind) {
    case 'get':
      return `.get('/r${i}/items/:id', (c) => c.json({ id: c.req.param('id'), n${i}: ${i} }))`;
    case 'get2':
      return `.get('/r${i}/items/:id/notes/:note', (c) => c.json({ id: c.req.param('id'), note${i}: c.req.param('note') }))`;
    case 'post-json':
      return `.post('/r${i}/items', zJson(${jsonBody(i)}), (c) => { const body = c.req.valid('json'); return c.json({ id: ${i}, name${i}: body.name${i} }, 200); })`;
    case 'post-zod':
      return `.post('/r${i}/drafts', zJson(${zodBody(i)}), (c) => { const body = c.req.valid('json'); return c.json({ ok: true, title${i}: body.title${i} }); })`;
    case 'group-list':
      return `.get('${g}', (c) => c.json({ org: c.req.param('org'), list${i}: [${i}] }))`;
    case 'group-get':
      return `.get('${g}/:id', (c) => c.json({ org: c.req.param('org'), id${i}: c.req.param('id') }))`;
    case 'group-post-json':
      return `.post('${g}', zJson(${jsonBody(i)}), (c) => { const body = c.req.valid('json'); return c.json({ id: ${i}, name${i}: body.name${i} }, 200); })`;
    case 'group-post-zod':
      return `.post('${g}/import', zJson(${zodBody(i)}), (c) => { const body = c.req.valid('json'); return c.json({ ok: true, title${i}: body.title${i} }); })`;
    case 'group-delete':
      return `.delete('${g}/:id', (c) => c.json({ deleted${i}: c.req.param('id') }))`;
  }
}

/**
 * app.ts: every planned route, groups' with their full paths, on one Hono app; the plain groups of the grouped
 * plan (`/s<n>`) as sub-apps, each its own chain, mounted with `.route()` (Hono's way of splitting an app).
 */
export function honoApp(plan: PlanItem[]): string {
  const head = `import { Hono } from 'hono';\nimport { z } from 'zod';\nimport { zJson } from './validate';\n\n`;
  const sections = plan.filter((item) => 'routes' in item && item.section);
  if (sections.length > 0) {
    const subApps = sections.map((item) =>
      'routes' in item ? `const s${item.group} = new Hono()\n${item.routes.map((r) => `  ${route(r)}`).join('\n')};\n` : '',
    );
    const mounts = sections.map((item) => `  .route('/s${item.group}', s${item.group})`);
    return `${head}${subApps.join('\n')}\nexport const app = new Hono()\n${mounts.join('\n')};\n\nexport type AppType = typeof app;\n`;
  }
  const chain = allRoutes(plan).map((r) => `  ${route(r)}`);
  return `${head}export const app = new Hono()\n${chain.join('\n')};\n\nexport type AppType = typeof app;\n`;
}

/** validate.ts: a zod JSON body validator on hono/validator, typed as @hono/zod-validator types `zValidator('json', schema)`. */
export const honoValidate = `import type { Env, MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';

export const zJson = <T extends z.ZodType, E extends Env = any, P extends string = string>(
  schema: T,
): MiddlewareHandler<E, P, { in: { json: z.input<T> }; out: { json: z.output<T> } }> =>
  validator('json', async (value, c) => {
    const result = await schema.safeParseAsync(value);
    return result.success ? result.data : c.json({ error: 'invalid body' }, 400);
  }) as never;
`;

/** The call through hc, and what its JSON is read as: [call expression, field, the field's type]. */
function call(r: PlannedRoute): [string, string, string] {
  const { i } = r;
  const g = `client.g${r.group}[':org']`;
  const client = `client.${sectionKey(r)}`.slice(0, -1);
  switch (r.kind) {
    case 'get':
      return [`${client}.r${i}.items[':id'].$get({ param: { id: '${i}' } })`, `n${i}`, 'number'];
    case 'get2':
      return [`${client}.r${i}.items[':id'].notes[':note'].$get({ param: { id: '${i}', note: 'a' } })`, `note${i}`, 'string'];
    case 'post-json':
      return [`${client}.r${i}.items.$post({ json: { name${i}: 'x', count: 2 } })`, `name${i}`, 'string'];
    case 'post-zod':
      return [`${client}.r${i}.drafts.$post({ json: { title${i}: 't', n: 1 } })`, `title${i}`, 'string'];
    case 'group-list':
      return [`${g}.$get({ param: { org: 'o' } })`, `list${i}`, 'number[]'];
    case 'group-get':
      return [`${g}[':id'].$get({ param: { org: 'o', id: '${i}' } })`, `id${i}`, 'string'];
    case 'group-post-json':
      return [`${g}.$post({ param: { org: 'o' }, json: { name${i}: 'x' } })`, `name${i}`, 'string'];
    case 'group-post-zod':
      return [`${g}.import.$post({ param: { org: 'o' }, json: { title${i}: 't', n: 1 } })`, `title${i}`, 'string'];
    case 'group-delete':
      return [`${g}[':id'].$delete({ param: { org: 'o', id: '${i}' } })`, `deleted${i}`, 'string'];
  }
}

/** Where an editor asks for completions in client.ts: after `client.` in honoClient's last line. */
export const honoCompletionLine = (first: PlannedRoute): string =>
  `  void client.${first.section === undefined ? `r${first.i}` : `s${first.section}`};`;

/**
 * client.ts: the same calls through `hc<AppType>`, each answer's JSON read as typed; every tenth also reads a missing
 * field; and a last `client.<segment>` an editor completes (completion.ts).
 */
export function honoClient(called: PlannedRoute[]): string {
  const lines = called.flatMap((r, n) => {
    const [expression, field, type] = call(r);
    const read = [
      `  const r${n} = await ${expression};`,
      `  const d${n} = await r${n}.json();`,
      `  const v${n}: ${type} = d${n}.${field};`,
    ];
    if (n % 10 === 0) read.push('  // @ts-expect-error the JSON has no such field', `  void d${n}.missing${r.i};`);
    return read;
  });
  if (called.length > 0) lines.push(honoCompletionLine(called[0]));
  return `import { hc } from 'hono/client';\nimport type { AppType } from './app';\n\nconst client = hc<AppType>('http://localhost:3000');\n\nexport async function calls(): Promise<void> {\n${lines.join('\n')}\n}\n`;
}
