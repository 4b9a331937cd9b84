/**
 * The option check with a "did you mean": `fw`'s `Fw` runs it at startup (the kernel's own keys plus its own); a
 * `fw/core` app gets the kernel's short check (option-names.ts) and may wrap its options in `checkFwConfig` for the
 * suggestion, so a one-route bundle carries no edit-distance search.
 */
import { checkOptions } from './options';
import { coreConfigKeys } from './option-names';
import type { FwCoreConfig } from './types';

export { coreConfigKeys };

/** Throws a TypeError naming an unknown key of the kernel's options (and the closest known one); returns the options. */
export function checkFwConfig<C extends FwCoreConfig>(config: C): C {
  checkOptions<FwCoreConfig>('new Fw()', config, coreConfigKeys);
  return config;
}
