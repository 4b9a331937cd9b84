/** Where a subset comparison failed: the JSON path and a sentence saying why. */
export interface SubsetMismatch {
  path: string;
  message: string;
}

function describe(value: unknown): string {
  if (value instanceof RegExp) return String(value);
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Compares a value with an expected subset: objects need the expected keys (extra keys are fine), arrays need the
 * same length with each item matching, a RegExp matches a string, anything else must be equal (`Object.is`).
 * Returns the first mismatch, or null when the value contains the subset.
 */
export function findSubsetMismatch(actual: unknown, expected: unknown, path = '$'): SubsetMismatch | null {
  if (expected instanceof RegExp) {
    return typeof actual === 'string' && expected.test(actual)
      ? null
      : { path, message: `expected a string matching ${expected}, got ${describe(actual)}` };
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return { path, message: `expected an array, got ${describe(actual)}` };
    if (actual.length !== expected.length) return { path, message: `expected ${expected.length} items, got ${actual.length}` };
    for (let i = 0; i < expected.length; i++) {
      const found = findSubsetMismatch(actual[i], expected[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return { path, message: `expected an object, got ${describe(actual)}` };
    for (const key of Object.keys(expected)) {
      if (!(key in actual)) return { path: `${path}.${key}`, message: `missing (expected ${describe(expected[key])})` };
      const found = findSubsetMismatch(actual[key], expected[key], `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return Object.is(actual, expected) ? null : { path, message: `expected ${describe(expected)}, got ${describe(actual)}` };
}
