import { deepCompareStrict } from '@cfworker/json-schema';

/**
 * The first pair of equal items of an array (`===`, objects and arrays by content, as `uniqueItems` compares them),
 * or null when all differ. The quick check asks whether there is one; the schema walk words the pair (`items 0 and 2`).
 */
export function firstDuplicate(values: unknown[]): [number, number] | null {
  for (let j = 0; j < values.length; j++) {
    const a = values[j];
    for (let k = j + 1; k < values.length; k++) {
      const b = values[k];
      if (a === b || (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && deepCompareStrict(a, b))) return [j, k];
    }
  }
  return null;
}
