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
 * Resolves with the first URL `pattern` (its first group) finds in what `child` prints on stdout or stderr, so a test
 * starts talking to a server the moment it says it listens; rejects with the output when the child exits first or
 * prints no match within `timeoutMs` (then `onTimeout` runs, to stop it).
 */
export function waitForUrl(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs: number,
  onTimeout: () => void = () => undefined,
): Promise<string> {
  const what = child.spawnargs.join(' ');
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`${what} printed no ${pattern} within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code} before it printed ${pattern}:\n${output}`));
    });
  });
}

/**
 * Starts a server process (with `env` added to the clean environment) and resolves with its URL once it prints
 * `listening on <url>`; rejects with its output if it exits first.
 */
export async function startServer(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(command, args, { cwd, env: cleanEnv({ PORT: '0', ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
  return { url: await waitForUrl(child, /listening on (http:\/\/\S+)/, 30_000, () => child.kill()), child };
}
