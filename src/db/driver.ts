import { SystemError } from '../core/errors';

/**
 * Imports a driver package by name at run time. The specifier is a variable on purpose: bundlers leave it out,
 * so a worker bundle never carries better-sqlite3, postgres or mysql2. A driver module the app imported itself
 * (`config.driver`, for bundles that must contain it) is used as it is.
 */
export async function loadDriver<T>(name: string, engine: string, given?: unknown): Promise<T> {
  if (given !== undefined && given !== null) return given as T;
  try {
    return (await import(/* @vite-ignore */ name)) as T;
  } catch (cause) {
    throw new SystemError(
      `The ${engine} engine needs the "${name}" package, which could not be loaded (npm install ${name}): ${(cause as Error).message}`,
      {
        code: 'DB_DRIVER_MISSING',
        details: { engine, code: 'DB_DRIVER_MISSING', package: name },
        cause,
      },
    );
  }
}
