/**
 * `npm start`: serves the example worker locally with `wrangler dev` (workerd through miniflare) on
 * http://127.0.0.1:8787 (PORT overrides the port), offline, and prints the URL once the worker answers
 * (with a warning when `/health` reports a binding down).
 * Ctrl-C (or SIGTERM) stops wrangler and its workerd before this process exits.
 */
import { spawn } from 'node:child_process';
import { offlineEnv, root, wranglerBin } from './wrangler';

const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be an integer between 1 and 65535, got "${process.env.PORT}"`);
  process.exit(2);
}
const url = `http://127.0.0.1:${port}`;
// The MCP endpoint's Bearer token for local runs (deployed workers read the MCP_TOKEN secret instead).
const mcpToken = process.env.MCP_TOKEN ?? 'local-dev-token';

const child = spawn(
  process.execPath,
  [
    wranglerBin,
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--show-interactive-dev-session=false',
    '--var',
    `MCP_TOKEN:${mcpToken}`,
  ],
  {
    cwd: root,
    env: offlineEnv(),
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
let exited = false;
child.on('exit', (code, signal) => {
  exited = true;
  process.exit(code ?? (signal ? 1 : 0));
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (!exited) child.kill(signal);
  });
}

/** Polls /health until the worker answers (any status): the server is up once it does. */
async function waitForServer(): Promise<Response | null> {
  while (!exited) {
    try {
      return await fetch(`${url}/health`);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return null;
}

const health = await waitForServer();
if (health) {
  console.log(`\nfw example worker ready on ${url}  (try ${url}/health, ${url}/hello/you, ${url}/notes)`);
  console.log(`MCP: ${url}/mcp with Authorization: Bearer ${mcpToken} (MCP_TOKEN sets another)\n`);
  if (!health.ok) console.warn(`warning: ${url}/health answered ${health.status}: ${await health.text()}`);
  else await health.body?.cancel();
}
