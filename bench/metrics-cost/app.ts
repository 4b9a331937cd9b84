/** The app both sides of the metrics-cost bench run: the same routes, with or without `metrics()`. */
import { Fw, metrics, MemoryKV } from 'fw';

/** The answer of GET /bare, made once: a request there costs routing, the context and whatever observes it. */
const bare = new Response(null, { status: 204 });

/** The app; `withMetrics` adds `metrics()` writing to an in-memory store (as it would to Redis, after the response). */
export async function benchApp(withMetrics: boolean): Promise<Fw> {
  const app = new Fw({ logErrors: false });
  if (withMetrics) await app.plugin(metrics({ store: new MemoryKV(), access: 'public' }));
  app.get('/', () => 'Hi');
  app.get('/users/:id', (ctx) => ({ id: ctx.params.id, name: 'Ada' }));
  app.get('/bare', () => bare);
  await app.ready();
  return app;
}
