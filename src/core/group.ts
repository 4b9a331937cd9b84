import type { AppKind, Fw, GroupCallback, GroupWith, TypedHandler, TypedRouteOptions } from './fw';
import type { Listed } from './plugin-routes';
import { normalizePattern } from './router';
import { addVerbs } from './verbs';
import type { Context } from './context';
import type {
  AppTypeArgs,
  BindingsOf,
  DecorationsOf,
  HandlerResult,
  JoinPath,
  NoTypes,
  RoutesHolder,
  RoutesIn,
  StateOf,
  TypedRoute,
} from './typed-routes';
import type { Middleware, RouteHandler, RouteOptions, RouteSchema } from './types';

/** A path inside a group: the prefix and the route's path joined with one slash. */
export function joinPrefix(prefix: string, path: string): string {
  if (path === '/' || path === '') return prefix;
  return `${prefix === '/' ? '' : prefix}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The registration surface handed to `group()` callbacks: every route it adds lives under the prefix (and sees its
 * params). T, Pre and K as for the app; D, St, Routes and E are T's parts, as on `Fw` (see there).
 */
export class Group<
  T extends AppTypeArgs = NoTypes,
  Pre extends string = string,
  K extends AppKind = 'core',
  D extends object = DecorationsOf<T>,
  St extends object = StateOf<T>,
  Routes = RoutesIn<T>,
  E = BindingsOf<T>,
> {
  /** The group's types (the app's, with the routes registered on the group): compile time only, never set. */
  declare readonly '~types'?: T;
  /** The group's routes (T's): compile time only, never set; registrations read them through their `this`. */
  declare readonly '~routes': Routes;

  constructor(
    protected readonly app: Fw<any, any>,
    readonly prefix: string,
  ) {}

  /** Registers a route under this group's prefix. */
  route<
    const M extends string,
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    method: M,
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupWith<K, Pre, D, St, Rs | Listed<H, TypedRoute<Uppercase<M>, JoinPath<Pre, P>, S, R>>, E>;
  route(method: string, path: string, handler: RouteHandler, options?: RouteOptions): unknown {
    this.app.route(method, joinPrefix(this.prefix, path), handler as never, options as never);
    return this;
  }

  /** Opens a nested group whose prefix continues this one. */
  group<const Sub extends string, Added = never, Rs = never>(
    this: RoutesHolder<Rs>,
    prefix: Sub,
    callback: GroupCallback<K, JoinPath<Pre, Sub>, D, St, E, Added>,
  ): GroupWith<K, Pre, D, St, Rs | Added, E>;
  group(prefix: string, callback: (group: never) => unknown): unknown {
    const Nested = this.constructor as new (app: Fw<any, any>, prefix: string) => never;
    callback(new Nested(this.app, normalizePattern(joinPrefix(this.prefix, prefix))));
    return this as never;
  }

  /** Adds middleware limited to this group's prefix (or to a sub-path of it). */
  use(pathOrMiddleware: string | Middleware<Context<E>>, middleware?: Middleware<Context<E>>): this {
    if (typeof pathOrMiddleware === 'string') this.app.use(joinPrefix(this.prefix, pathOrMiddleware), middleware!);
    else this.app.use(this.prefix, pathOrMiddleware);
    return this;
  }
}

/** The verb methods, added to the class's prototype by `addVerbs`. */
export interface Group<
  T extends AppTypeArgs = NoTypes,
  Pre extends string = string,
  K extends AppKind = 'core',
  D extends object = DecorationsOf<T>,
  St extends object = StateOf<T>,
  // biome-ignore lint/correctness/noUnusedVariables: the class this interface merges with reads it
  Routes = RoutesIn<T>,
  E = BindingsOf<T>,
> {
  get<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupWith<K, Pre, D, St, Rs | Listed<H, TypedRoute<'GET', JoinPath<Pre, P>, S, R>>, E>;
  post<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupWith<K, Pre, D, St, Rs | Listed<H, TypedRoute<'POST', JoinPath<Pre, P>, S, R>>, E>;
  put<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupWith<K, Pre, D, St, Rs | Listed<H, TypedRoute<'PUT', JoinPath<Pre, P>, S, R>>, E>;
  patch<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupWith<K, Pre, D, St, Rs | Listed<H, TypedRoute<'PATCH', JoinPath<Pre, P>, S, R>>, E>;
  delete<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupWith<K, Pre, D, St, Rs | Listed<H, TypedRoute<'DELETE', JoinPath<Pre, P>, S, R>>, E>;
  head<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupWith<K, Pre, D, St, Rs | Listed<H, TypedRoute<'HEAD', JoinPath<Pre, P>, S, R>>, E>;
  options<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupWith<K, Pre, D, St, Rs | Listed<H, TypedRoute<'OPTIONS', JoinPath<Pre, P>, S, R>>, E>;
  all<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
    Rs = never,
  >(
    this: RoutesHolder<Rs>,
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupWith<K, Pre, D, St, Rs | Listed<H, TypedRoute<'ALL', JoinPath<Pre, P>, S, R>>, E>;
}

addVerbs(Group);
