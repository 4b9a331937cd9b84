/** fw on fw/bun serving the bench app; prints {"port"} once listening. */
import { serve } from 'fw/bun';
import { fwApp } from '../../lib/http-apps/fw';

const server = await serve(fwApp(), { port: 0, hostname: '127.0.0.1' });
console.log(JSON.stringify({ port: server.port }));
