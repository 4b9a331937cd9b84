import type { OutputUnit } from '@cfworker/json-schema';

/** One validation failure: where (JSON pointer into the data), what went wrong, and which keyword said so. */
export interface ValidationError {
  path: string;
  message: string;
  keyword: string;
}

const unions = new Set(['anyOf', 'oneOf']);
const extraProperty = /^Property "(.*)" does not match (?:additional|unevaluated) properties schema\.$/;

function pointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function tidy(message: string): string {
  const text = message.replace(/^Instance (?:"[^"]*" )?/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function isCovered(unit: OutputUnit, units: OutputUnit[]): boolean {
  const prefix = `${unit.keywordLocation}/`;
  return units.some((other) => other !== unit && other.keywordLocation.startsWith(prefix));
}

function insideUnion(unit: OutputUnit, unionUnits: OutputUnit[]): boolean {
  return unionUnits.some((u) => u !== unit && unit.keywordLocation.startsWith(`${u.keywordLocation}/`));
}

/**
 * Turns `@cfworker/json-schema` output into the leaf errors a client can act on: one entry per failing
 * keyword (wrapper keywords such as `properties` dropped when a deeper error explains them), `anyOf`/`oneOf`
 * reported once rather than per branch, and `additionalProperties: false` reported at the extra property.
 */
export function toValidationErrors(units: OutputUnit[]): ValidationError[] {
  const meaningful = units.filter((u) => u.keyword !== 'false');
  const unionUnits = meaningful.filter((u) => unions.has(u.keyword));
  const seen = new Set<string>();
  const errors: ValidationError[] = [];
  for (const unit of meaningful) {
    if (insideUnion(unit, unionUnits)) continue;
    if (!unions.has(unit.keyword) && isCovered(unit, meaningful)) continue;
    let path = unit.instanceLocation.replace(/^#/, '');
    let message = tidy(unit.error);
    const extra = extraProperty.exec(unit.error);
    if (extra !== null) {
      path = `${path}/${pointerSegment(extra[1])}`;
      message = `Property "${extra[1]}" is not allowed.`;
    }
    const key = `${path}\u0000${unit.keyword}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ path, message, keyword: unit.keyword });
  }
  return errors;
}
