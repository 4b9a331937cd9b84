import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { builtinPrompts, type BridgePrompt } from '../../mcp/src/bridge/prompts';

function app(): Fw {
  const a = new Fw();
  a.get('/users', () => []);
  a.post('/users', () => ({}));
  a.get('/users/:id', () => ({}), { summary: 'One user', schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } } });
  a.delete('/users/:id', () => null);
  a.get('/orders', () => []);
  void a.plugin({ name: 'db' });
  return a;
}

const find = (prompts: BridgePrompt[], name: string): BridgePrompt => prompts.find((p) => p.name === name)!;
const text = (r: { messages: Array<{ content: { text: string } }> }): string => r.messages.map((m) => m.content.text).join('\n');

describe('built-in prompts', () => {
  it('are the six of the spec', () => {
    expect(builtinPrompts(app()).map((p) => p.name)).toEqual([
      'fw/analyze-route',
      'fw/generate-crud',
      'fw/debug-request',
      'fw/security-audit',
      'fw/architecture-review',
      'fw/optimize-routes',
    ]);
  });

  it('fill themselves with live data from the app', () => {
    const prompts = builtinPrompts(app());
    const analyzed = text(find(prompts, 'fw/analyze-route').render({ path: '/users/:id' }));
    expect(analyzed).toContain('One user');
    expect(analyzed).toContain('"type": "integer"');
    expect(analyzed).toContain('Plugins: db');
    expect(text(find(prompts, 'fw/generate-crud').render({ resource: 'posts', fields: 'title:string, views:integer' }))).toContain(
      '"name": "views"',
    );
    const debug = text(find(prompts, 'fw/debug-request').render({ method: 'get', path: '/users/42?x=1', status: '500', error: 'boom' }));
    expect(debug).toContain('"path": "/users/:id"');
    expect(debug).toContain('boom');
    expect(text(find(prompts, 'fw/security-audit').render({}))).toContain('POST /users');
    expect(text(find(prompts, 'fw/architecture-review').render({}))).toContain('"/users": 4');
    expect(text(find(prompts, 'fw/optimize-routes').render({}))).toContain('REST suggestions');
  });

  it('fail clearly on missing or unknown arguments', () => {
    const prompts = builtinPrompts(app());
    expect(() => find(prompts, 'fw/analyze-route').render({})).toThrow('missing required argument: path');
    expect(() => find(prompts, 'fw/analyze-route').render({ path: '/nope' })).toThrow('no route GET /nope');
    expect(() => find(prompts, 'fw/generate-crud').render({ resource: 'x' })).toThrow('fields');
  });

  it('complete route paths and the methods of a chosen path', () => {
    const analyze = find(builtinPrompts(app()), 'fw/analyze-route');
    expect(analyze.complete!('path', '/us', {})).toEqual(['/users', '/users/:id']);
    expect(analyze.complete!('method', '', { path: '/users/:id' })).toEqual(['DELETE', 'GET']);
    expect(analyze.complete!('method', 'g', { path: '/users/:id' })).toEqual(['GET']);
    expect(analyze.complete!('other', '', {})).toEqual([]);
  });
});
