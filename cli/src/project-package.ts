/** Reads the project's own package.json for commands that take names, versions or entries from it. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The fields of `<dir>/package.json`, or null when the file is missing or is not a JSON object. */
export async function readProjectPackage(dir: string): Promise<Record<string, unknown> | null> {
  const text = await readFile(join(dir, 'package.json'), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
