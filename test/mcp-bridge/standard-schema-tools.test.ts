import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { z } from 'zod';
import * as v from 'valibot';
import { routeTools } from '../../mcp/src/bridge/route-tools';

function app(): Fw {
  const fw = new Fw();
  fw.get('/users/:id', (ctx) => ({ id: ctx.params.id, limit: ctx.query.limit }), {
    schema: {
      params: z.object({ id: z.coerce.number().int().positive() }),
      query: z.object({ limit: z.coerce.number().int().max(100).optional() }),
    },
  });
  fw.post('/notes', async (ctx) => ({ created: await ctx.body() }), { schema: { body: z.object({ text: z.string().min(1) }) } });
  fw.post('/plain', async (ctx) => ({ got: await ctx.body() }), { schema: { body: v.object({ n: v.number() }) } });
  return fw;
}

const tool = (name: string) => routeTools(app(), { allowMutation: true }).find((t) => t.name === name)!;

describe('route tools of routes with Standard Schema parts', () => {
  it('lists zod params, query and body through their JSON Schema conversion', () => {
    expect(tool('get_users_by_id').inputSchema).toEqual({
      type: 'object',
      properties: {
        id: { type: ['integer', 'string'], exclusiveMinimum: 0, maximum: 9007199254740991 },
        limit: { type: ['integer', 'string'], maximum: 100, minimum: -9007199254740991 },
      },
      required: ['id'],
    });
    expect(tool('post_notes').inputSchema.properties.body).toMatchObject({ type: 'object', required: ['text'] });
  });

  it('calls the route, whose zod schemas then coerce, and refuses what the converted schema refuses', async () => {
    expect((await tool('get_users_by_id').handler({ id: '7', limit: 5 })).structuredContent).toEqual({ id: 7, limit: 5 });
    expect((await tool('post_notes').handler({ body: { text: 'hi' } })).structuredContent).toEqual({ created: { text: 'hi' } });
    const bad = await tool('post_notes').handler({ body: { text: '' } });
    expect(bad.isError).toBe(true);
    expect((bad.content[0] as { text: string }).text).toContain('Invalid arguments for tool "post_notes": /body/text');
  });

  it('lists a part without conversion (plain valibot) as any value, and the route still validates the call', async () => {
    expect(tool('post_plain').inputSchema.properties.body).toEqual({
      description:
        'Checked by a valibot Standard Schema that offers no JSON Schema conversion (~standard.jsonSchema), so any value is documented',
    });
    expect((await tool('post_plain').handler({ body: { n: 1 } })).structuredContent).toEqual({ got: { n: 1 } });
    const refused = await tool('post_plain').handler({ body: { n: 'x' } });
    expect(refused.isError).toBe(true);
    expect((refused.content[0] as { text: string }).text).toContain('HTTP 400');
  });
});
