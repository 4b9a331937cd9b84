import { SystemError } from '../core/errors';
import { hasPlatform, platform, type PlatformHolder } from '../core/platform';

/**
 * Imports a driver package by name at run time, through the `importModule` service of the database's platform
 * services (`config.platform`: Node's and Bun's), so a
 * worker bundle never carries better-sqlite3, postgres or mysql2. A driver module the app imported itself
 * (`config.driver`, for bundles that must contain it) is used as it is.
 */
export async function loadDriver<T>(config: PlatformHolder, name: string, engine: string, given?: unknown): Promise<T> {
  if (given !== undefined && given !== null) return given as T;
  const noImports = `The ${engine} engine cannot import the "${name}" package on this platform (no run-time imports here): import it in the app and pass it as \`driver\` in the database config, or give the database platform services with run-time imports (\`platform: nodeServices\` from fw/node)`;
  if (!hasPlatform(config, 'importModule')) throw driverMissing(noImports, name, engine);
  try {
    return (await (
      await platform(config, 'importModule', noImports)
    )(name)) as T;
  } catch (cause) {
    const reason = (cause as Error).message;
    throw driverMissing(
      `The ${engine} engine needs the "${name}" package, which could not be loaded (npm install ${name}): ${reason}`,
      name,
      engine,
      cause,
    );
  }
}

function driverMissing(message: string, name: string, engine: string, cause?: unknown): SystemError {
  return new SystemError(message, {
    errorId: crypto.randomUUID(),
    code: 'DB_DRIVER_MISSING',
    details: { engine, code: 'DB_DRIVER_MISSING', package: name },
    cause,
  });
}
