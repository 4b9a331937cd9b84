/** fw on fw/bun: GET / -> {hello:'world'}; prints {"port"} once listening. */
import { Fw } from 'fw';
import { serve } from 'fw/bun';

const app = new Fw().get('/', () => ({ hello: 'world' }));
const server = await serve(app, { port: 0, hostname: '127.0.0.1' });
console.log(JSON.stringify({ port: server.port }));
