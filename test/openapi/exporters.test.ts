import { describe, expect, it } from 'vitest';
import { exportToHTML, exportToMarkdown, generatePortalHTML, type OpenAPI31Document } from 'fw';
import { documentedApp } from './fixture-app';

async function fixtureDoc(): Promise<OpenAPI31Document> {
  const app = documentedApp();
  await app.ready();
  return app.state<() => OpenAPI31Document>('fw:openapi')!();
}

const hostile: OpenAPI31Document = {
  openapi: '3.1.0',
  info: { title: 'Bad <script>alert(1)</script>', version: '1' },
  paths: {
    '/x': {
      get: {
        operationId: 'x"><img src=x onerror=alert(1)>',
        summary: 'a | b </script><script>alert(2)</script>',
        tags: ['<b>tag</b>'],
        parameters: [{ name: 'q|r', in: 'query', description: 'line1\nline2 | pipe', schema: { type: 'string', pattern: '```' } }],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'string', description: '```js' } } } },
        responses: { 200: { description: '<i>ok</i>' } },
      },
    },
  },
};

describe('exportToMarkdown', () => {
  it('renders info, servers, security schemes and each operation by tag', async () => {
    const md = exportToMarkdown(await fixtureDoc());
    expect(md.startsWith('# Users API\n\nVersion 2.0.0\n\nExample documented API\n\nServers:\n\n- http://127.0.0.1:8787\n')).toBe(true);
    expect(md).toContain('- `bearer`: http bearer');
    expect(md.indexOf('## ops')).toBeLessThan(md.indexOf('## users'));
    expect(md).toContain('### GET `/users/{id}`');
    expect(md).toContain('| `id` | path | `integer` | yes |  |');
    expect(md).toContain('| `limit` | query | `integer` | no | Page size |');
    expect(md).toContain('Request body (`application/json`, required):');
    expect(md).toContain('| 404 | No such user |');
    expect(md).toContain('### GET `/legacy/search`\n\n> **Deprecated.**');
    expect(md).not.toContain('/internal/metrics');
  });

  it('keeps tables and code fences intact whatever the text holds', () => {
    const md = exportToMarkdown(hostile);
    expect(md).toContain('| `q\\|r` | query | `string` | no | line1<br>line2 \\| pipe |');
    expect(md).toContain('````json\n');
    const fences = md.split('\n').filter((l) => l.startsWith('````'));
    expect(fences.length % 2).toBe(0);
  });
});

describe('exportToHTML', () => {
  it('renders a static page with every operation', async () => {
    const html = exportToHTML(await fixtureDoc());
    expect(html).toContain('<title>Users API</title>');
    expect(html).toContain('<code class="fw-path">/users/{id}</code>');
    expect(html).toContain('id="op-getUser"');
    expect(html).toContain('<span class="fw-badge">deprecated</span>');
    expect(html).not.toContain('<script');
  });

  it('escapes everything taken from the document', () => {
    const html = exportToHTML(hostile);
    expect(html).not.toMatch(/<script|<img|<i>|<b>/);
    expect(html).toContain('Bad &#60;script&#62;alert(1)&#60;/script&#62;');
  });
});

describe('generatePortalHTML', () => {
  it('embeds the document so that no script or tag from it can break out', () => {
    const html = generatePortalHTML(hostile);
    expect(html.match(/<script/g)?.length).toBe(2);
    expect(html.match(/<\/script>/g)?.length).toBe(2);
    expect(html).toContain('\\u003cscript>alert(2)');
    const config = html.slice(html.indexOf('<script id="fw-docs-config" type="application/json">') + 52, html.indexOf('</script>'));
    expect(JSON.parse(config)).toEqual({ spec: hostile, baseUrl: '' });
  });
});
