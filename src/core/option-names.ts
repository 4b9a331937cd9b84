import type { FwCoreConfig } from './types';

/** Every option of the kernel's `new Fw()`, typed as a record of its keys so a new option cannot be forgotten here. */
export const coreConfigKeys: Record<keyof FwCoreConfig, true> = {
  queryCache: true,
  queryCacheSize: true,
  lruSchemaCache: true,
  schemaCompiler: true,
  format: true,
  adapter: true,
  port: true,
  hostname: true,
  maxBodySize: true,
  allowEncodedSlashes: true,
  development: true,
  logErrors: true,
  routeSyntax: true,
};

/**
 * Throws a TypeError naming an unknown option of the kernel's `new Fw()` and listing the options: the kernel's own
 * startup check (rule 2), kept to a few bytes; `fw`'s `Fw` and `checkFwConfig` add the closest known key.
 */
export function refuseUnknownOptions(config: object): void {
  for (const key of Object.keys(config)) {
    if (!Object.hasOwn(coreConfigKeys, key))
      throw new TypeError(`new Fw(): unknown option "${key}"; the options are ${Object.keys(coreConfigKeys).join(', ')}`);
  }
}
