import type { Adapter } from 'fw';
import type { BunAdapterOptions } from './options';
import { serve } from './serve';

/** The Bun adapter for `new Fw({ adapter: bun(options) })`; `app.listen()` picks it under Bun by default. */
export function bun(options: BunAdapterOptions = {}): Adapter {
  return {
    name: 'bun',
    listen: (app, port, hostname) => serve(app, { ...options, port, hostname }),
  };
}
