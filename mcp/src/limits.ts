/** The bounds on one request every transport applies: how many messages a JSON-RPC batch may hold, checked at startup. */

/** Messages a JSON-RPC batch may hold unless `maxBatchSize` says otherwise (the official SDK's bound too). */
export const DEFAULT_MAX_BATCH_SIZE = 100;

/** Checks a `maxBatchSize` option (a whole number >= 1, or Infinity) and returns it, or the default when absent. */
export function checkBatchLimit(value: unknown, where: string): number {
  if (value === undefined) return DEFAULT_MAX_BATCH_SIZE;
  if (value !== Infinity && !(Number.isInteger(value) && (value as number) >= 1))
    throw new RangeError(`${where}: maxBatchSize must be a whole number of messages >= 1 (or Infinity), got ${String(value)}`);
  return value as number;
}

/** Checks a `maxBodySize` option (whole bytes >= 0, or Infinity); undefined stays undefined (the app's limit applies). */
export function checkBodyLimit(value: unknown, where: string): number | undefined {
  if (value === undefined) return undefined;
  if (value !== Infinity && !(Number.isInteger(value) && (value as number) >= 0))
    throw new RangeError(
      `${where}: maxBodySize must be whole bytes >= 0 (or Infinity), got ${String(value)}; leave it out to use the app's maxBodySize`,
    );
  return value as number;
}

/** The message of the -32600 error that refuses a batch over the limit. */
export function batchTooLarge(size: number, limit: number): string {
  return `Invalid request: a batch of ${size} messages is over the limit of ${limit} (maxBatchSize); send fewer messages per batch`;
}
