/** Runs commands for the packed-install test: npm without the repository's npm_* environment, with output kept for failures. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The Bearer token of the README app's MCP endpoint (it reads MCP_TOKEN), given to every process the test starts. */
export const mcpToken = 'packed-mcp-token';

/**
 * The environment of this process without the npm_* variables `npm test` sets, so npm in the temporary project acts
 * as a user's, plus the MCP_TOKEN the README app's MCP endpoint reads.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
  return { ...env, MCP_TOKEN: mcpToken, ...extra };
}

/** Runs a command to completion; a non-zero exit throws with the command, its stdout and stderr. */
export async function sh(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  try {
    const { stdout } = await run(command, args, { cwd, env: cleanEnv(env), maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

/**
 * Starts a server process (with `env` added to the clean environment) and resolves with its URL once it prints
 * `listening on <url>`; rejects with its output if it exits first.
 */
export function startServer(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(command, args, { cwd, env: cleanEnv({ PORT: '0', ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} printed no "listening on" within 10 s:\n${output}`)), 10_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], child });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code} before listening:\n${output}`));
    });
  });
}
