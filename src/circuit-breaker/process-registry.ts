import type { CircuitBreakerRegistry } from './registry';

let current: CircuitBreakerRegistry | undefined;

/**
 * The process-wide registry once breaker code has made it (presets, the plugin, `getCircuitBreakerRegistry()`), else
 * undefined: readers such as the MCP tools see every breaker without bundling the breaker itself.
 */
export function existingCircuitBreakerRegistry(): CircuitBreakerRegistry | undefined {
  return current;
}

/** Makes `registry` the process-wide one and returns it. */
export function setProcessRegistry(registry: CircuitBreakerRegistry): CircuitBreakerRegistry {
  current = registry;
  return registry;
}
