/** The app every target runs in the encoded-slash test: a guard on /files/private and a /files/* route behind it. */
import { Fw } from '../../src/app/fw';

/** `/files/*` answers the rest of the path; `/files/private` needs `authorization: secret`. */
export function encodedSlashApp(config: { allowEncodedSlashes?: boolean } = {}): Fw {
  const app = new Fw(config);
  app.use('/files/private', (ctx, next) => (ctx.header('authorization') === 'secret' ? next() : new Response('no', { status: 401 })));
  app.get('/files/*', (ctx) => ({ rest: ctx.params['*'] }));
  return app;
}
