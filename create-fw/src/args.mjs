/** Reads create-fw's command line (`create-fw [dir] [--template t] [--install] [--pm npm|pnpm|yarn|bun]`). */
import { parseArgs } from 'node:util';
import { targetNames } from './targets.mjs';

/** The package managers `--pm` accepts. */
const packageManagers = ['npm', 'pnpm', 'yarn', 'bun'];

/** The help text of `create-fw --help`. */
export const usage = `Usage: npm create fw@latest [dir] -- [options]
       create-fw [dir] [options]

Writes a new fw project into dir (a new or empty folder).

  -t, --template <name>   ${targetNames.join(' | ')} (asked when omitted on a terminal)
  -i, --install           install the dependencies once the files are written
      --pm <name>         package manager for --install and the next steps: ${packageManagers.join(', ')}
                          (default: the one running create-fw, else npm)
  -h, --help              this help
  -v, --version           create-fw's version`;

/** A mistake on the command line: the bin prints its message and exits 2. */
export class UsageError extends Error {}

/** The package manager that runs create-fw, read from `npm_config_user_agent` (`pnpm/9.1.0 npm/? node/v20…`); npm when unknown. */
function detectPackageManager(userAgent) {
  const name = /^([a-z]+)\//.exec(userAgent ?? '')?.[1];
  return packageManagers.includes(name) ? name : 'npm';
}

/** The options of one run; throws UsageError on an unknown flag, a second folder, an unknown template or package manager. */
export function readArgs(argv, env) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        template: { type: 'string', short: 't' },
        install: { type: 'boolean', short: 'i' },
        pm: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError(`${error.message}\n\n${usage}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) throw new UsageError(`one project folder, got ${positionals.length}: ${positionals.join(' ')}`);
  if (values.template !== undefined && !targetNames.includes(values.template))
    throw new UsageError(`unknown template "${values.template}"; the templates are ${targetNames.join(', ')}`);
  if (values.pm !== undefined && !packageManagers.includes(values.pm))
    throw new UsageError(`unknown package manager "${values.pm}"; --pm takes ${packageManagers.join(', ')}`);
  return {
    dir: positionals[0],
    template: values.template,
    install: values.install === true,
    pm: values.pm ?? detectPackageManager(env.npm_config_user_agent),
    help: values.help === true,
    version: values.version === true,
  };
}
