/** The unsafe-answers app on fw/node in its own process: prints `{"port":…}` once listening. */
import { serve } from 'fw/node';
import { unsafeAnswersApp } from './unsafe-answers';

const server = await serve(await unsafeAnswersApp(), { port: 0, hostname: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
