export { CircuitBreaker } from './breaker';
export { CircuitBreakerError, CircuitTimeoutError } from './error';
export { CircuitBreakerRegistry, getCircuitBreakerRegistry, resetCircuitBreakerRegistry } from './registry';
export { existingCircuitBreakerRegistry } from './process-registry';
export { apiCircuitBreaker, dbCircuitBreaker, criticalCircuitBreaker } from './presets';
export { circuitBreakerPlugin, CIRCUIT_BREAKERS_STATE_KEY, type CircuitBreakerPluginOptions, type CircuitBreakerCall } from './plugin';
export type { CircuitState, CircuitBreakerOptions, CircuitBreakerMetrics } from './types';
