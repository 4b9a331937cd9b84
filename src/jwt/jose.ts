import type * as Jose from 'jose';

let loading: Promise<typeof Jose> | undefined;

/** jose, imported at the first verification rather than with fw: it takes tens of milliseconds to load on Node. */
export function jose(): Promise<typeof Jose> {
  loading ??= import('jose');
  return loading;
}
