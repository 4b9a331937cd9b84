/**
 * The seam between the kernel and a schema layer (Fastify's validator compiler, for both directions): the app holds
 * one compiler, set with `app.setSchemaCompiler()`, and every route with `schema` or `serializers` goes through it.
 * `fw` presets the JSON Schema compiler of `fw/schema`; `fw/core` has none, so its bundles carry no validator.
 */
import type { Context } from './context';
import type { ObjectSerializer } from './respond';
import type { RouteOptions } from './types';

/** A route's compiled schema work: a validator run before the handler and a serializer for object results. */
export interface CompiledRouteSchema {
  validate: ((ctx: Context) => Promise<void>) | null;
  serialize: ObjectSerializer | null;
}

/** Turns a route's `schema` and `serializers` options into the work its pipeline runs. */
export interface SchemaCompiler {
  /** Checks a route's options when it is registered; throws a message naming the route (`route`, e.g. `POST /users`). */
  check(route: string, options: RouteOptions): void;
  /** Compiles the route's options when its pipeline is built; `cache` says whether validators may be shared through an LRU. */
  compile(route: string, options: RouteOptions, cache: boolean): CompiledRouteSchema;
}

/** Throws a TypeError unless the value has the two methods of a compiler (a mistake at startup, not on a request). */
export function assertSchemaCompiler(value: unknown): asserts value is SchemaCompiler {
  const compiler = value as Partial<SchemaCompiler> | null;
  if (typeof compiler?.check !== 'function' || typeof compiler.compile !== 'function')
    throw new TypeError("setSchemaCompiler(): a compiler has check() and compile(); use jsonSchemaCompiler from 'fw/schema'");
}
