/** fastify without response schemas (plain JSON.stringify) serving the bench app; the body of POST /users is still validated by ajv. */
import { fastifyApp, listen } from './fastify-app';

await listen(fastifyApp(false));
