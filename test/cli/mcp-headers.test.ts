/**
 * `fw mcp --header "Name: value"`: the official SDK client starts `fw mcp` as a desktop client's config does
 * (`command`, `args`, `env`), `${API_TOKEN}` in the flag is read from that `env`, and every route tool carries the
 * header, so a route behind the app's bearer guard answers. An unset variable or a malformed flag stops the
 * command at startup with what to fix, before any protocol line, never a "Bearer undefined".
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the flags hold ${VAR} literally, as a client's config writes them
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/src/main';

const root = fileURLToPath(new URL('../../', import.meta.url));
const project = fileURLToPath(new URL('./fixtures/guarded/', import.meta.url));
const bin = `${root}cli/bin/fw.mjs`;
const headerArgs = ['--header', 'Authorization: Bearer ${API_TOKEN}', '--header', 'X-Trace: desk-${CLIENT_NAME}'];
const clients: Client[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

/** The SDK client over `fw mcp` started as a desktop client's config would. */
async function connect(args: string[], env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'cli-headers-test', version: '1.0.0' });
  clients.push(client);
  const { PATH = '', HOME = '' } = process.env;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mcp', '--app', 'src/app.ts', ...args],
    cwd: project,
    env: { PATH, HOME, ...env },
    stderr: 'pipe',
  });
  await client.connect(transport);
  return client;
}

describe('fw mcp --header, driven by the official MCP SDK client over stdio', () => {
  it('fills ${VAR} from the env the client config sets; the guarded route tool answers with both headers', async () => {
    const client = await connect(headerArgs, { APP_TOKEN: 'desk-token', API_TOKEN: 'desk-token', CLIENT_NAME: 'claude' });
    const stats = await client.callTool({ name: 'get_admin_stats', arguments: {} });
    expect(stats.isError).toBeFalsy();
    expect(stats.structuredContent).toEqual({ users: 2, trace: 'desk-claude' });
  }, 60_000);

  it("without --header the guarded route tool gets the guard's 401, and a public one still answers", async () => {
    const client = await connect([], { APP_TOKEN: 'desk-token', API_TOKEN: 'desk-token' });
    const refused = await client.callTool({ name: 'get_admin_stats', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('401');
    expect((await client.callTool({ name: 'get_health', arguments: {} })).structuredContent).toEqual({ ok: true });
  }, 60_000);

  it('stops at startup with exit code 2, naming the variable, when API_TOKEN is not set; nothing reaches stdout', () => {
    const run = spawnSync(process.execPath, [bin, 'mcp', '--app', 'src/app.ts', ...headerArgs], {
      cwd: project,
      env: { PATH: process.env.PATH ?? '', APP_TOKEN: 'desk-token', CLIENT_NAME: 'claude' },
      input: '',
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      'fw mcp: --header Authorization uses ${API_TOKEN}, which is not set: add API_TOKEN to the "env" of this server in the MCP client\'s config',
    );
  }, 60_000);
});

describe('fw mcp --header, bad values (in process)', () => {
  it.each([
    [{ API_TOKEN: '' }, ['Authorization: Bearer ${API_TOKEN}'], 'uses ${API_TOKEN}, which is not set'],
    [{}, ['Bearer abc'], '--header "Bearer abc" needs the form "Name: value"'],
    [{}, [': abc'], 'needs the form "Name: value"'],
    [{ T: 'a\nb' }, ['Authorization: ${T}'], '--header Authorization is not a valid HTTP header'],
    [{}, ['Bad Name: x'], '--header Bad Name is not a valid HTTP header'],
  ])('env %j, --header %j: exit 2 with %s', async (env, headers, message) => {
    const out: string[] = [];
    const err: string[] = [];
    const argv = ['mcp', '--app', 'src/app.ts', ...headers.flatMap((h) => ['--header', h])];
    const code = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l), cwd: project, env });
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expect(err.join('\n')).toContain(message);
  });
});
