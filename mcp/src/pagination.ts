import { ErrorCode, RpcError } from './jsonrpc';

/** One page of a list and the cursor of the next page (absent on the last page). */
export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

const PREFIX = 'o:';

function encodeCursor(offset: number): string {
  return btoa(`${PREFIX}${offset}`).replace(/=+$/, '');
}

/** Reads an opaque list cursor back into an offset; a cursor we did not issue is -32602. */
export function decodeCursor(cursor: unknown): number {
  if (cursor === undefined || cursor === null) return 0;
  if (typeof cursor !== 'string' || cursor === '')
    throw new RpcError(ErrorCode.InvalidParams, 'Invalid cursor: expected a string returned as nextCursor');
  let text: string;
  try {
    text = atob(cursor);
  } catch {
    throw new RpcError(ErrorCode.InvalidParams, `Invalid cursor "${cursor}"`);
  }
  const digits = text.startsWith(PREFIX) ? text.slice(PREFIX.length) : '';
  if (!/^\d{1,15}$/.test(digits)) throw new RpcError(ErrorCode.InvalidParams, `Invalid cursor "${cursor}"`);
  return Number(digits);
}

/** Cuts one page out of a list, starting where the cursor points; `pageSize` items at most. */
export function paginate<T>(items: readonly T[], cursor: unknown, pageSize: number): Page<T> {
  const start = decodeCursor(cursor);
  if (start > items.length) throw new RpcError(ErrorCode.InvalidParams, 'Invalid cursor: past the end of the list');
  const end = start + Math.max(1, pageSize);
  const page: Page<T> = { items: items.slice(start, end) };
  if (end < items.length) page.nextCursor = encodeCursor(end);
  return page;
}
