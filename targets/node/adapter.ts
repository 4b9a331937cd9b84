import type { Adapter } from 'fw';
import type { NodeAdapterOptions } from './options';
import { serve } from './serve';

/** The Node adapter for `new Fw({ adapter: node(options) })`; `app.listen()` picks it on Node by default. */
export function node(options: NodeAdapterOptions = {}): Adapter {
  return {
    name: 'node',
    listen: (app, port, hostname) => serve(app, { ...options, port, hostname }),
  };
}
