import type { Context } from '../core/context';
import type { JSONSchema } from '../core/types';

/** A server function callable over RPC: its input schema (validated before it runs) and the handler. */
export interface ServerAction<Input = any, Output = any> {
  readonly kind: 'fw:server-action';
  readonly schema: JSONSchema | undefined;
  readonly handler: (input: Input, ctx: Context) => Output | Promise<Output>;
}

/** A set of named actions, as `rpc()` mounts them and `createRPCClient` types them. */
export type RPCActions = Record<string, ServerAction>;

/**
 * Declares an action: `serverAction({ type: 'object', ... }, async (input: { name: string }, ctx) => ...)`.
 * The input type comes from the handler's parameter; pass `undefined` as schema for an action without validation.
 */
export function serverAction<Input = undefined, Output = unknown>(
  schema: JSONSchema | undefined,
  handler: (input: Input, ctx: Context) => Output | Promise<Output>,
): ServerAction<Input, Output> {
  if (schema !== undefined && (typeof schema !== 'object' || schema === null || Array.isArray(schema))) {
    throw new TypeError('serverAction(schema, handler): schema must be a JSON Schema object or undefined');
  }
  if (typeof handler !== 'function') throw new TypeError('serverAction(schema, handler): handler must be a function');
  return Object.freeze({ kind: 'fw:server-action', schema, handler });
}

/** Whether a value was made by `serverAction`. */
export function isServerAction(value: unknown): value is ServerAction {
  return typeof value === 'object' && value !== null && (value as ServerAction).kind === 'fw:server-action';
}
