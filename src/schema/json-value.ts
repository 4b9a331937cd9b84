import { toPointer } from './json-pointer';

/** Where the first value JSON cannot carry sits (a JSON pointer) and what it is: undefined, a function, a BigInt, a symbol, a cycle. */
export function findNonJSON(value: unknown, path = '', open = new Set<object>()): { path: string; what: string } | null {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return null;
  if (typeof value !== 'object') return { path, what: `of type "${typeof value}"` };
  if (open.has(value)) return { path, what: 'that contains itself' };
  open.add(value);
  for (const [key, item] of Object.entries(value)) {
    const found = findNonJSON(item, `${path}${toPointer([key])}`, open);
    if (found !== null) return found;
  }
  open.delete(value);
  return null;
}
