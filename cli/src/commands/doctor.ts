/** `fw doctor`: the findings of `runDoctor` plus the checks that need the installed packages and the loaded app; exit code 1 when any is an error. */
import { resolve } from 'node:path';
import { runDoctor, type DoctorCheck } from '../../tooling/doctor';
import { formatTable } from '../table';
import type { Command } from '../command';
import { checkInstalledPackage } from './doctor-packages';
import { checkModuleResolution } from './doctor-resolution';
import { appChecks } from './doctor-routes';

const marks = { ok: 'ok', warn: 'WARN', error: 'ERROR' } as const;
const order = [
  'node',
  'package.json',
  'fw version',
  'fw install',
  'fw-mcp install',
  'tsconfig.json',
  'module resolution',
  'sources',
  'wrangler.toml',
  'bindings',
  'routes',
  'validation',
  'syntax',
];

function rank(check: DoctorCheck): number {
  const i = order.indexOf(check.name);
  return i === -1 ? order.length : i;
}

/** Checks the project folder (or `--root`) and prints a table or JSON. */
export const doctorCommand: Command = {
  name: 'doctor',
  summary: 'check the project: Node, fw and fw-mcp as installed, package.json, tsconfig module resolution, wrangler.toml bindings, routes',
  usage: `Usage: fw doctor [options]
  --root <folder>     project folder (default: the working directory)
  --app <file>        app module whose routes are counted (default: found as fw routes finds it)
  --src <folder>      source folder analyzed for env bindings and route locations (default src)
  --json              print the report as JSON`,
  flags: { root: { type: 'string' }, app: { type: 'string' }, src: { type: 'string' }, json: { type: 'boolean' } },
  async run({ flags }, io) {
    const root = resolve(io.cwd, typeof flags.root === 'string' ? flags.root : '.');
    const srcDir = typeof flags.src === 'string' ? flags.src : 'src';
    const scan = await runDoctor(root, { srcDir });
    const app = await appChecks(root, typeof flags.app === 'string' ? flags.app : undefined, srcDir);
    const resolution = checkModuleResolution(root);
    const checks = [
      ...scan.checks.filter((c) => !(app.fromApp && c.name === 'validation')),
      checkInstalledPackage(root, 'fw'),
      checkInstalledPackage(root, 'fw-mcp', 'fw mcp and MCP over HTTP'),
      ...(resolution ? [resolution] : []),
      ...app.checks,
    ].sort((a, b) => rank(a) - rank(b));
    const report = { root, ok: !checks.some((c) => c.status === 'error'), checks };
    if (flags.json) io.out(JSON.stringify(report, null, 2));
    else {
      for (const line of formatTable(
        ['CHECK', 'STATUS', 'DETAIL'],
        checks.map((c) => [c.name, marks[c.status], c.message]),
      ))
        io.out(line);
      const counts = (s: string) => checks.filter((c) => c.status === s).length;
      io.out(`${counts('error')} errors, ${counts('warn')} warnings`);
    }
    return report.ok ? 0 : 1;
  },
};
