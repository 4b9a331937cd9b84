/** Run under Bun: the Host header test app on fw/bun; prints {"port", "url"} once listening. */
import { serve } from 'fw/bun';
import { hostApp } from '../host-header-cases';

const server = await serve(hostApp(), { port: 0, hostname: '127.0.0.1' });
console.log(JSON.stringify({ port: server.port, url: server.url }));
