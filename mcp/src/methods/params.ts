import { ErrorCode, RpcError } from '../jsonrpc';

/** Reads a required string parameter; anything else is -32602 naming the parameter. */
export function stringParam(params: Record<string, any> | undefined, name: string): string {
  const value = params?.[name];
  if (typeof value !== 'string' || value === '')
    throw new RpcError(ErrorCode.InvalidParams, `Missing or invalid "${name}": expected a non-empty string`);
  return value;
}

/** Reads an optional object parameter; anything else is -32602 naming the parameter. */
export function objectParam(params: Record<string, any> | undefined, name: string): Record<string, any> | undefined {
  const value = params?.[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw new RpcError(ErrorCode.InvalidParams, `Invalid "${name}": expected an object`);
  return value;
}

/** Copies the fields of a definition that are sent to clients, dropping absent ones and handlers. */
export function describe<T extends object>(definition: T, fields: readonly (keyof T)[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (definition[field] !== undefined) out[field as string] = definition[field];
  return out;
}
