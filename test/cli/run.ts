/** Runs the fw command in process with collected output, for the CLI tests. */
import { runCli } from '../../cli/src/main';

/** What one `fw` run printed and returned. */
export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

/** Runs `fw ...argv` in `cwd` and collects standard output (progress lines included) and error lines. */
export async function fw(cwd: string, ...argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l), cwd, env: {} });
  return { code, out, err };
}
