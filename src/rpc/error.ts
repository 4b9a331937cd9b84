/** What an action error carries besides its message. */
export interface RPCActionErrorOptions {
  /** HTTP status of the answer (default 400). */
  status?: number;
  /** Machine-readable code the client sees (default `ACTION_ERROR`). */
  code?: string;
  details?: unknown;
  cause?: unknown;
}

/**
 * An error an action throws to refuse a call; the RPC endpoint answers with its status and `{ error, code, details }`,
 * and `createRPCClient` throws it again on the client with the same status, code and details.
 */
export class RPCActionError extends Error {
  override readonly name = 'RPCActionError';
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;

  constructor(message: string, options: RPCActionErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    const status = options.status ?? 400;
    if (!Number.isInteger(status) || status < 400 || status > 599)
      throw new RangeError(`RPCActionError: status must be an error status 400-599 (got ${status})`);
    this.status = status;
    this.code = options.code ?? 'ACTION_ERROR';
    if (options.details !== undefined) this.details = options.details;
  }
}
