/** `fw doctor`: prints the findings of `runDoctor` for the project; exit code 1 when any is an error. */
import { runDoctor } from '../../tooling/doctor';
import { formatTable } from '../table';
import type { Command } from '../command';

const marks = { ok: 'ok', warn: 'WARN', error: 'ERROR' } as const;

/** Checks the project folder (or `--root`) and prints a table or JSON. */
export const doctorCommand: Command = {
  name: 'doctor',
  summary: 'check the project: Node and fw versions, package.json, tsconfig, wrangler.toml bindings, unvalidated routes',
  usage: `Usage: fw doctor [options]
  --root <folder>     project folder (default: the working directory)
  --src <folder>      source folder analyzed for routes and env bindings (default src)
  --json              print the report as JSON`,
  flags: { root: { type: 'string' }, src: { type: 'string' }, json: { type: 'boolean' } },
  async run({ flags }, io) {
    const report = await runDoctor(typeof flags.root === 'string' ? flags.root : io.cwd, typeof flags.src === 'string' ? { srcDir: flags.src } : {});
    if (flags.json) io.out(JSON.stringify(report, null, 2));
    else {
      for (const line of formatTable(['CHECK', 'STATUS', 'DETAIL'], report.checks.map((c) => [c.name, marks[c.status], c.message]))) io.out(line);
      const counts = (s: string) => report.checks.filter((c) => c.status === s).length;
      io.out(`${counts('error')} errors, ${counts('warn')} warnings`);
    }
    return report.ok ? 0 : 1;
  },
};
