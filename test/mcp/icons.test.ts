/**
 * MCP 2025-11-25 metadata: icons on tools, resources, templates, prompts and the server, and serverInfo's title,
 * description and websiteUrl; checked at registration, returned by the lists and `initialize`, read by the SDK client.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMCPServer, type Icon } from 'fw-mcp';
import { appWith, connectHTTP, listen, post } from './helpers';

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

const png: Icon = { src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48', '96x96'] };
const svg: Icon = { src: 'data:image/svg+xml;base64,PHN2Zy8+', mimeType: 'image/svg+xml', sizes: ['any'], theme: 'dark' };

function iconServer() {
  return createMCPServer(null, {
    name: 'icons',
    version: '2.0.0',
    title: 'Icon Shop',
    description: 'Tools for the icon shop back office',
    icons: [png],
    websiteUrl: 'https://example.com',
    exposeRoutes: false,
    builtinTools: false,
    builtinPrompts: false,
  })
    .addTool({ name: 'paint', description: 'Paints', icons: [png, svg], handler: () => 'painted' })
    .addResource({ uri: 'shop://logo', name: 'logo', icons: [svg], text: 'logo' })
    .addResourceTemplate({ uriTemplate: 'shop://items/{id}', name: 'item', icons: [png], handler: (_uri, { id }) => id })
    .addPrompt({ name: 'describe', icons: [png], handler: () => 'describe' });
}

const rpc = (id: number, method: string) => ({ jsonrpc: '2.0', id, method, params: {} });

describe('icons and serverInfo', () => {
  it('returns icons in every list and the implementation fields in initialize', async () => {
    const app = await appWith(iconServer());
    const init = (
      await post(app, {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      })
    ).json;
    expect(init.result.serverInfo).toEqual({
      name: 'icons',
      version: '2.0.0',
      title: 'Icon Shop',
      description: 'Tools for the icon shop back office',
      icons: [png],
      websiteUrl: 'https://example.com',
    });
    expect((await post(app, rpc(1, 'tools/list'))).json.result.tools[0].icons).toEqual([png, svg]);
    expect((await post(app, rpc(2, 'resources/list'))).json.result.resources[0].icons).toEqual([svg]);
    expect((await post(app, rpc(3, 'resources/templates/list'))).json.result.resourceTemplates[0].icons).toEqual([png]);
    expect((await post(app, rpc(4, 'prompts/list'))).json.result.prompts[0].icons).toEqual([png]);
  });

  it('is read by the official SDK client', async () => {
    const http = await listen(await appWith(iconServer()));
    stops.push(() => http.stop());
    const client = await connectHTTP(`${http.url}/mcp`);
    stops.push(() => client.close());
    expect(client.getServerVersion()).toMatchObject({
      name: 'icons',
      title: 'Icon Shop',
      description: 'Tools for the icon shop back office',
      icons: [png],
    });
    expect((await client.listTools()).tools[0].icons).toEqual([png, svg]);
  });

  it('leaves serverInfo as name and version when none of the new options is given', async () => {
    const app = await appWith(createMCPServer(null, { name: 'plain', exposeRoutes: false, builtinTools: false, builtinPrompts: false }));
    const init = (
      await post(app, { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {} } })
    ).json;
    expect(init.result.serverInfo).toEqual({ name: 'plain', version: '1.0.0' });
  });

  it('refuses bad icons and implementation fields at registration, naming the field', () => {
    const tool = (icons: unknown) => () =>
      createMCPServer().addTool({ name: 'x', description: 'd', icons: icons as Icon[], handler: () => '' });
    expect(tool('icon.png')).toThrow('The tool "x": icons must be a list');
    expect(tool([null])).toThrow('icons[0] must be an object');
    expect(tool([{ src: 'javascript:alert(1)' }])).toThrow('icons[0].src must be an https:, http: or data: URL');
    expect(tool([{ mimeType: 'image/png' }])).toThrow('icons[0].src');
    expect(tool([png, { src: 'https://x/y.png', sizes: ['big'] }])).toThrow('icons[1].sizes');
    expect(tool([{ src: 'https://x/y.png', sizes: '48x48' }])).toThrow('icons[0].sizes');
    expect(tool([{ src: 'https://x/y.png', mimeType: 'png' }])).toThrow('icons[0].mimeType');
    expect(tool([{ src: 'https://x/y.png', theme: 'blue' }])).toThrow('icons[0].theme');
    expect(() => createMCPServer().addResource({ uri: 'a://b', name: 'b', text: '', icons: [{ src: '' }] })).toThrow(
      'The resource "a://b": icons[0].src',
    );
    expect(() =>
      createMCPServer().addResourceTemplate({ uriTemplate: 'a://{x}', name: 'b', icons: 5 as never, handler: () => '' }),
    ).toThrow('The resource template "a://{x}"');
    expect(() => createMCPServer().addPrompt({ name: 'p', icons: [{ src: 'ftp://x' }], handler: () => '' })).toThrow(
      'The prompt "p": icons[0].src',
    );
    expect(() => createMCPServer(null, { icons: [{ src: 'nope' }] })).toThrow('The server: icons[0].src');
    expect(() => createMCPServer(null, { description: '' })).toThrow('"description" must be a non-empty string');
    expect(() => createMCPServer(null, { title: 42 as never })).toThrow('"title" must be a non-empty string');
    expect(() => createMCPServer(null, { websiteUrl: 'data:text/plain,hi' })).toThrow('"websiteUrl" must be an https: or http: URL');
  });
});
