/** fastify with a response schema, as in fastify/benchmarks: GET / -> {hello:'world'}. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const schema = { schema: { response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } } } };
app.get('/', schema, async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: (app.server.address() as { port: number }).port }));
