/**
 * The slices of the Durable Object runtime types fw's objects and their clients use, declared structurally (like
 * `../types.ts`) so the real `@cloudflare/workers-types` objects and miniflare's fit without their global declarations.
 */

/** The id of one Durable Object. */
export interface DurableObjectIdLike {
  toString(): string;
}

/** A stub of one Durable Object: fw's objects are reached through their `fetch`. */
export interface DurableObjectStubLike {
  fetch(request: Request): Promise<Response>;
}

/** A Durable Object namespace binding (`env.<BINDING>` of `[[durable_objects.bindings]]`). */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): DurableObjectIdLike;
  get(id: DurableObjectIdLike): DurableObjectStubLike;
}

/** One result of `ctx.storage.sql.exec`: its rows. */
export interface SqlCursorLike {
  toArray(): Record<string, unknown>[];
}

/** The SQLite storage API of a Durable Object class declared with `new_sqlite_classes`. */
export interface SqlStorageLike {
  exec(query: string, ...bindings: unknown[]): SqlCursorLike;
}

/** The storage of a SQLite-backed Durable Object: SQL and its alarm. */
export interface DurableObjectStorageLike {
  sql: SqlStorageLike;
  getAlarm(): Promise<number | null>;
  setAlarm(scheduledTime: number): Promise<void>;
}

/** The first constructor argument of a Durable Object class. */
export interface DurableObjectStateLike {
  storage: DurableObjectStorageLike;
}

/** Checks that `namespace` looks like a Durable Object namespace binding; `what` names the caller and its class. */
export function assertNamespace(namespace: unknown, what: string, className: string): asserts namespace is DurableObjectNamespaceLike {
  const ns = namespace as Partial<DurableObjectNamespaceLike> | null | undefined;
  if (!ns || typeof ns.idFromName !== 'function' || typeof ns.get !== 'function') {
    throw new TypeError(
      `${what} needs a Durable Object namespace binding of the ${className} class (env.<BINDING>): declare it in wrangler.toml ` +
        `under [[durable_objects.bindings]] with a [[migrations]] entry listing it in new_sqlite_classes, and export ${className} from the worker entry`,
    );
  }
}
