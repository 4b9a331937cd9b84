/** create-fw's run: reads the command line, asks what is missing on a terminal, writes the project, installs on request. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { readArgs, UsageError, usage } from './args.mjs';
import { askMissing, PromptCancelled } from './prompt.mjs';
import { targetNames } from './targets.mjs';
import { TargetDirError, writeProject } from './write-project.mjs';

/** create-fw's own version: the fw, fw-cli range a new project depends on. */
const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/** The lines a run ends with: where to go and what to run there. */
function nextSteps(dir, pm, installed) {
  const run = pm === 'npm' || pm === 'bun' ? `${pm} run` : pm;
  const near = relative(process.cwd(), dir);
  const cd = near.startsWith('..') ? dir : near;
  const steps = [
    ...(cd === '' ? [] : [`cd ${/\s/.test(cd) ? JSON.stringify(cd) : cd}`]),
    ...(installed ? [] : [`${pm} install`]),
    pm === 'bun' ? 'bun run test' : `${pm} test`,
    `${run} dev`,
  ];
  return `\nNext:\n${steps.map((step) => `  ${step}`).join('\n')}\n`;
}

/** Runs create-fw with `argv` (after the node and script paths); resolves to the exit code: 0 done, 1 failed, 2 bad usage, 130 cancelled. */
export async function main(argv, { stdin, stdout, stderr, env }) {
  let options;
  try {
    options = readArgs(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr.write(`create-fw: ${error.message}\n`);
    return 2;
  }
  if (options.help || options.version) {
    stdout.write(`${options.help ? usage : version}\n`);
    return 0;
  }
  let { dir, template } = options;
  if (dir === undefined || template === undefined) {
    if (!stdin.isTTY) {
      const missing = [dir === undefined ? 'a project folder' : '', template === undefined ? `--template ${targetNames.join('|')}` : ''];
      stderr.write(`create-fw: not on a terminal, so nothing is asked: pass ${missing.filter(Boolean).join(' and ')}\n\n${usage}\n`);
      return 2;
    }
    try {
      ({ dir, template } = await askMissing({ dir, template }, stdin, stdout));
    } catch (error) {
      if (!(error instanceof PromptCancelled)) throw error;
      stderr.write(`create-fw: ${error.message}\n`);
      return 130;
    }
  }
  const target = resolve(dir);
  let files;
  try {
    files = writeProject(target, template, version);
  } catch (error) {
    if (!(error instanceof TargetDirError)) throw error;
    stderr.write(`create-fw: ${error.message}\n`);
    return 1;
  }
  stdout.write(`Wrote a ${template} project for fw ${version} into ${target}:\n${files.map((file) => `  ${file}`).join('\n')}\n`);
  if (options.install) {
    stdout.write(`\n${options.pm} install\n`);
    const result = spawnSync(options.pm, ['install'], { cwd: target, stdio: 'inherit', shell: process.platform === 'win32' });
    if (result.status !== 0) {
      stderr.write(
        `create-fw: ${options.pm} install failed (${result.error?.message ?? `exit ${result.status}`}); the project is written, run it again there\n`,
      );
      return 1;
    }
  }
  stdout.write(nextSteps(target, options.pm, options.install));
  return 0;
}
