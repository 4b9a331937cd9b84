/**
 * The one app every HTTP bench server serves (http-node and http-bun): bun-http-framework-benchmark's 224
 * background routes first, then the timed routes. The constants and the hand check live here so each server
 * file only wires them into its framework.
 */
export { extraRoutes } from '../router/routes';

/** What every background route answers (text). */
export const extraAnswer = 'ok';

/** GET / answers this as JSON (the fastify/benchmarks case). */
export const hello = { hello: 'world' };

/** GET /ping answers this text (bun-http-framework-benchmark's Ping, moved off / which answers `hello`). */
export const ping = 'Hi';

/** The header GET /id/:id sets (bun-http-framework-benchmark's Query). */
export const poweredBy = ['x-powered-by', 'benchmark'] as const;

/** The header the middleware in front of GET /mw/hello sets, and what the route answers (text). */
export const middlewareHeader = ['x-middleware', 'on'] as const;
export const middlewareAnswer = 'mw';

/** The body schema of the validated POST /users (JSON Schema; fw and fastify use it as is). */
export const userSchema = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 }, age: { type: 'integer', minimum: 0 } },
  required: ['name', 'age'],
  additionalProperties: false,
};

/** A user POST /users accepts. */
export interface User {
  name: string;
  age: number;
}

/** The hand check of `userSchema` for the servers without a schema validator (raw node:http, raw Bun, hono). */
export function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { name, age } = value as Record<string, unknown>;
  if (typeof name !== 'string' || name.length === 0 || typeof age !== 'number' || !Number.isInteger(age) || age < 0) return false;
  for (const key in value) if (key !== 'name' && key !== 'age') return false;
  return true;
}
