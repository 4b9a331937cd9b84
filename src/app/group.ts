import { Group as CoreGroup, joinPrefix } from '../core/group';
import type { WebSocketHandlers, WebSocketRouteOptions } from '../ws/routes';
import type { Fw } from './fw';
import type { AppTypeArgs, BindingsOf, DecorationsOf, NoTypes, RoutesIn, StateOf } from '../core/typed-routes';

/** The group `fw`'s `Fw` hands to `group()` callbacks: the kernel's, plus WebSocket routes under the prefix. */
export class Group<
  T extends AppTypeArgs = NoTypes,
  Pre extends string = string,
  D extends object = DecorationsOf<T>,
  St extends object = StateOf<T>,
  Routes = RoutesIn<T>,
  E = BindingsOf<T>,
> extends CoreGroup<T, Pre, 'full', D, St, Routes, E> {
  /** Registers a WebSocket route under this group's prefix. */
  ws<Data = Record<string, unknown>>(path: string, handlers: WebSocketHandlers<Data>, options?: WebSocketRouteOptions): this {
    (this.app as Fw).ws<Data>(joinPrefix(this.prefix, path), handlers, options);
    return this;
  }
}
