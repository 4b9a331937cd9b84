/** How the built-in modules' routes show up in the OpenAPI document: tagged by module, or hidden. */
import { describe, expect, it } from 'vitest';
import { Fw, generateSpec, healthCheck, healthDashboard, openapi, rpc, serverAction, webhooks } from 'fw';
import { mcp } from 'fw/mcp';

describe('built-in routes in the OpenAPI document', () => {
  it('tags health and RPC routes by module, hides the openapi and MCP endpoints, and leaves nothing under "default"', async () => {
    const app = new Fw();
    await app.plugin(healthCheck({ paths: { ready: '/readyz' } }));
    rpc(app, { add: serverAction({ type: 'object' }, () => 0) });
    await app.plugin(openapi());
    await app.plugin(mcp());
    await app.plugin(healthDashboard({ path: '/status' }));
    await app.plugin(webhooks({ secret: { github: 'shh' } }));
    const doc = generateSpec(app);
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, tags: op.tags, summary: op.summary })),
    );
    expect(operations).toEqual([
      { route: 'GET /health', tags: ['health'], summary: 'Runs every health check' },
      { route: 'GET /live', tags: ['health'], summary: 'Liveness: the process answers' },
      { route: 'GET /readyz', tags: ['health'], summary: 'Readiness: the checks pass and the app is not shutting down' },
      { route: 'POST /rpc/add', tags: ['rpc'], summary: 'RPC action add' },
      {
        route: 'GET /status.json',
        tags: ['health'],
        summary: 'Health snapshot for the dashboard, with the merged metrics when metrics() records them (JSON)',
      },
      { route: 'GET /status', tags: ['health'], summary: 'Health dashboard page' },
      { route: 'POST /webhook/{provider}', tags: ['webhooks'], summary: 'Receives signed webhook deliveries' },
    ]);
    expect(doc.tags).toEqual([{ name: 'health' }, { name: 'rpc' }, { name: 'webhooks' }]);
  });
});
