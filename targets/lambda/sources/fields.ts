/** Reads the fields of an HTTP event with their types checked, so a malformed event is a 400 naming the field, never a TypeError. */
import { InvalidEventError } from '../errors';

/** A JSON object of the event (a header or query map, `requestContext`...). */
export type FieldMap = Record<string, unknown>;

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The map in field `name`, or null when the field is absent (null or undefined); anything but a plain object is a 400. */
export function mapField(value: unknown, name: string): FieldMap | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value))
    throw new InvalidEventError(`The event's ${name} must be an object, not ${describe(value)}`);
  return value as FieldMap;
}

/** The string in field `name`, or undefined when absent; anything but a string is a 400. */
export function stringField(value: unknown, name: string): string | undefined {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return undefined;
  throw new InvalidEventError(`The event's ${name} must be a string, not ${describe(value)}`);
}

/** The own value of `key` in `map` (never one inherited from Object.prototype, such as `constructor`). */
export function ownValue(map: FieldMap | null, key: string): unknown {
  return map !== null && Object.hasOwn(map, key) ? map[key] : undefined;
}

/** Entry `key` of a single-value map (`headers`, `queryStringParameters`): a string, or undefined when null. */
export function stringEntry(map: FieldMap, key: string, name: string): string | undefined {
  const value = map[key];
  return typeof value === 'string' ? value : stringField(value, `${name}[${JSON.stringify(key)}]`);
}

function isString(value: unknown): boolean {
  return typeof value === 'string';
}

/** The array of strings in field `name` (`cookies`), or undefined when absent; anything else is a 400. */
export function listField(values: unknown, name: string): string[] | undefined {
  if (values === undefined || values === null) return undefined;
  if (!Array.isArray(values)) throw new InvalidEventError(`The event's ${name} must be an array of strings, not ${describe(values)}`);
  for (let i = 0; i < values.length; i++) {
    if (typeof values[i] !== 'string')
      throw new InvalidEventError(`The event's ${name}[${i}] must be a string, not ${describe(values[i])}`);
  }
  return values as string[];
}

/** Entry `key` of a multi-value map (`multiValueHeaders`, ...): an array of strings, or undefined when null. */
export function listEntry(map: FieldMap, key: string, name: string): string[] | undefined {
  const values = map[key];
  if (Array.isArray(values) && values.every(isString)) return values as string[];
  return listField(values, `${name}[${JSON.stringify(key)}]`);
}

/** A field that must be true, false or absent (`isBase64Encoded`). */
export function flagField(value: unknown, name: string): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (value === true) return true;
  throw new InvalidEventError(`The event's ${name} must be true or false, not ${describe(value)}`);
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** One header of a raw event, case-insensitive, for reading `Accept` or `Host` before a Request exists; only string values count, so it never throws on a malformed event. */
export function eventHeader(event: unknown, name: string): string | undefined {
  if (!isMap(event)) return undefined;
  const { headers, multiValueHeaders } = event;
  if (isMap(headers) && typeof headers[name] === 'string') return headers[name] as string;
  if (isMap(multiValueHeaders)) {
    for (const key in multiValueHeaders) {
      const values = multiValueHeaders[key];
      if (key.toLowerCase() === name && Array.isArray(values) && typeof values[0] === 'string') return values[0];
    }
  }
  if (isMap(headers))
    for (const key in headers) if (key.toLowerCase() === name && typeof headers[key] === 'string') return headers[key] as string;
  return undefined;
}
