import type { AppKind, Fw, GroupKinds, RoutesOf, TypedHandler, TypedRouteOptions } from './fw';
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
  RouteEntry,
  RoutesIn,
  StateOf,
  TypedRoute,
  TypesOf,
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
  Routes extends RouteEntry = RoutesIn<T>,
  E = BindingsOf<T>,
> {
  /** The group's types (the app's, with the routes registered on the group): compile time only, never set. */
  declare readonly '~types'?: T;

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
  >(
    method: M,
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupKinds<TypesOf<D, St, Routes | Listed<H, TypedRoute<Uppercase<M>, JoinPath<Pre, P>, S, R>>, E>, Pre>[K];
  route(method: string, path: string, handler: RouteHandler, options?: RouteOptions): unknown {
    this.app.route(method, joinPrefix(this.prefix, path), handler as never, options as never);
    return this;
  }

  /** Opens a nested group whose prefix continues this one. */
  group<const Sub extends string, G = void>(
    prefix: Sub,
    callback: (group: GroupKinds<TypesOf<D, St, never, E>, JoinPath<Pre, Sub>>[K]) => G,
  ): GroupKinds<TypesOf<D, St, Routes | RoutesOf<G>, E>, Pre>[K] {
    const Nested = this.constructor as new (
      app: Fw<any, any>,
      prefix: string,
    ) => GroupKinds<TypesOf<D, St, never, E>, JoinPath<Pre, Sub>>[K];
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
  Routes extends RouteEntry = RoutesIn<T>,
  E = BindingsOf<T>,
> {
  get<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
  >(
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupKinds<TypesOf<D, St, Routes | Listed<H, TypedRoute<'GET', JoinPath<Pre, P>, S, R>>, E>, Pre>[K];
  post<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
  >(
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupKinds<TypesOf<D, St, Routes | Listed<H, TypedRoute<'POST', JoinPath<Pre, P>, S, R>>, E>, Pre>[K];
  put<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
  >(
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupKinds<TypesOf<D, St, Routes | Listed<H, TypedRoute<'PUT', JoinPath<Pre, P>, S, R>>, E>, Pre>[K];
  patch<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
  >(
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupKinds<TypesOf<D, St, Routes | Listed<H, TypedRoute<'PATCH', JoinPath<Pre, P>, S, R>>, E>, Pre>[K];
  delete<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
  >(
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupKinds<TypesOf<D, St, Routes | Listed<H, TypedRoute<'DELETE', JoinPath<Pre, P>, S, R>>, E>, Pre>[K];
  head<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
  >(
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupKinds<TypesOf<D, St, Routes | Listed<H, TypedRoute<'HEAD', JoinPath<Pre, P>, S, R>>, E>, Pre>[K];
  options<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
  >(
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupKinds<TypesOf<D, St, Routes | Listed<H, TypedRoute<'OPTIONS', JoinPath<Pre, P>, S, R>>, E>, Pre>[K];
  all<
    const P extends string,
    const S extends RouteSchema = {},
    R extends HandlerResult<S> = HandlerResult<S>,
    const H extends boolean = false,
  >(
    path: P,
    handler: TypedHandler<D, St, JoinPath<Pre, P>, S, R, E>,
    options?: TypedRouteOptions<S, E, H>,
  ): GroupKinds<TypesOf<D, St, Routes | Listed<H, TypedRoute<'ALL', JoinPath<Pre, P>, S, R>>, E>, Pre>[K];
}

addVerbs(Group);
