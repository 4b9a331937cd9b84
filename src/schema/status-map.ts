import { isStandardSchema } from './standard-schema';

const statusKey = /^(?:[1-5]\d\d|[1-5]xx|default)$/i;

/** Whether `schema.response` is a map keyed by status (`200`, `2xx`, `default`) rather than one schema for every status. */
export function isStatusMap(response: object): boolean {
  const keys = Object.keys(response);
  return !isStandardSchema(response) && keys.length > 0 && keys.every((k) => statusKey.test(k));
}
