/** Writes a new project: the template's files, then its package.json, into a new or empty folder. */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectPackage } from './targets.mjs';

const templates = fileURLToPath(new URL('../templates/', import.meta.url));

/** A folder create-fw must not write into: the bin prints the message and exits 1, having written nothing. */
export class TargetDirError extends Error {}

/** The npm package name of a project in folder `dir`: its base name, lower-cased, other characters than npm allows made `-`. */
function packageName(dir) {
  const name = basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[._-]+/, '');
  return name === '' ? 'fw-app' : name;
}

/** Refuses a path that is a file, or a folder holding anything but `.git`, naming what is there. */
function checkTargetDir(dir) {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw new TargetDirError(`${dir} is a file, not a folder: name a new folder for the project`);
  const entries = readdirSync(dir).filter((entry) => entry !== '.git');
  if (entries.length > 0) {
    const shown = entries.slice(0, 5).join(', ') + (entries.length > 5 ? ', …' : '');
    throw new TargetDirError(`${dir} is not empty (${shown}): name a new folder, or empty this one first`);
  }
}

function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** Writes the `template` project into `dir` for fw `version`; returns the paths written, relative to `dir`, sorted. */
export function writeProject(dir, template, version) {
  checkTargetDir(dir);
  mkdirSync(dir, { recursive: true });
  const name = packageName(dir);
  for (const part of ['common', template]) cpSync(join(templates, part), dir, { recursive: true });
  // npm pack leaves .gitignore files out of a package, so the templates carry it as _gitignore.
  renameSync(join(dir, '_gitignore'), join(dir, '.gitignore'));
  for (const file of listFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    if (text.includes('{{name}}')) writeFileSync(file, text.replaceAll('{{name}}', name));
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(projectPackage(name, template, version), null, 2)}\n`);
  return listFiles(dir)
    .map((file) => relative(dir, file))
    .sort();
}
