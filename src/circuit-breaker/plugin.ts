import type { Context } from '../core/context';
import type { FwPluginConfig } from '../core/types';
import { getCircuitBreakerRegistry, type CircuitBreakerRegistry } from './registry';
import type { CircuitBreakerOptions } from './types';

/** Options of the plugin that adds `ctx.circuitBreaker(name, fn)`. */
export interface CircuitBreakerPluginOptions {
  /** Options for breakers first met through `ctx.circuitBreaker` (spec defaults otherwise). */
  defaults?: Omit<CircuitBreakerOptions, 'name'>;
  /** Per-name options, taking precedence over `defaults`. */
  breakers?: Record<string, Omit<CircuitBreakerOptions, 'name'>>;
  /** The registry to use (default: the process-wide one). */
  registry?: CircuitBreakerRegistry;
}

/** The `ctx.circuitBreaker` decoration: runs `fn` through the named breaker. */
export type CircuitBreakerCall = <T>(name: string, fn: () => T | Promise<T>) => Promise<T>;

/** The app state key of the registry the plugin uses. */
export const CIRCUIT_BREAKERS_STATE_KEY = 'fw:circuit-breakers';

/** A plugin adding `ctx.circuitBreaker(name, fn)`; the registry is also app state `fw:circuit-breakers`. */
export function circuitBreakerPlugin(options: CircuitBreakerPluginOptions = {}): FwPluginConfig {
  const registry = options.registry ?? getCircuitBreakerRegistry();
  const call = function (this: Context, name: string, fn: () => unknown): Promise<unknown> {
    if (typeof name !== 'string' || name === '') return Promise.reject(new TypeError('ctx.circuitBreaker(name, fn) needs a breaker name'));
    return registry.get({ ...options.defaults, ...options.breakers?.[name], name }).execute(fn);
  };
  return { name: 'circuit-breaker', decorate: { circuitBreaker: call }, state: { [CIRCUIT_BREAKERS_STATE_KEY]: registry } };
}

declare module '../core/context' {
  interface Context<Env, State> {
    /** Runs `fn` through the named circuit breaker (with `circuitBreakerPlugin`). */
    circuitBreaker: CircuitBreakerCall;
  }
}
