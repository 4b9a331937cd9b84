/** fastify with response schemas (fast-json-stringify), as in fastify/benchmarks, serving the bench app. */
import { fastifyApp, listen } from './fastify-app';

await listen(fastifyApp(true));
