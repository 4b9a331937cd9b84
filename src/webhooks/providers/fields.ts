/** A string field of a parsed payload object, or null (payloads come from outside: anything may be missing). */
export function stringField(payload: unknown, name: string): string | null {
  if (payload === null || typeof payload !== 'object') return null;
  const value = (payload as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}
