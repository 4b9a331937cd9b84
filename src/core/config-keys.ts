/**
 * The option keys of the kernel's `new Fw()`: `fw`'s `Fw` checks its options against them (plus its own) at startup;
 * a `fw/core` app opts in with `new Fw(checkFwConfig({ ... }))`, so a one-route bundle carries neither the table nor
 * the "did you mean" search.
 */
import { checkOptions } from './options';
import type { FwCoreConfig } from './types';

/** Every option of the kernel's `new Fw()`, so a mistyped key fails at startup. */
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
  development: true,
  logErrors: true,
};

/** Throws a TypeError naming an unknown key of the kernel's options (and the closest known one); returns the options. */
export function checkFwConfig<C extends FwCoreConfig>(config: C): C {
  checkOptions<FwCoreConfig>('new Fw()', config, coreConfigKeys);
  return config;
}
