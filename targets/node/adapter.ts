import type { Adapter } from 'fw';
import type { NodeAdapterOptions } from './options';
import { serve } from './serve';
import { checkServerOptions } from './server-options';

/** The Node adapter for `new Fw({ adapter: node(options) })`; `app.listen()` picks it on Node by default. Bad options throw here. */
export function node(options: NodeAdapterOptions = {}): Adapter {
  checkServerOptions(options);
  return {
    name: 'node',
    listen: (app, port, hostname) => serve(app, { ...options, port, hostname }),
  };
}
