/**
 * A small localized API: languageDetector() picks the page language (path, query, cookie, Accept-Language),
 * accepts() answers JSON or CSV, rateLimit() sends the draft RateLimit fields with a tighter limit and bans on
 * /login, staticFiles() serves precompressed CSS, and fileSender() offers the price list as a download.
 */
import { fileURLToPath } from 'node:url';
import { Fw, accepts, fileSender, languageDetector, rateLimit, staticFiles } from 'fw';

const greetings: Record<string, string> = { en: 'Welcome', fr: 'Bienvenue', de: 'Willkommen' };
const prices = [
  { item: 'tea', price: 3 },
  { item: 'coffee', price: 4 },
];

/** The app; `publicDir` is the folder of static files (default: public/ beside this file). */
export async function createApp(publicDir = fileURLToPath(new URL('./public', import.meta.url))): Promise<Fw> {
  const app = new Fw();
  await app.plugin(rateLimit({ max: 100, windowMs: 60_000, headers: 'both', ban: { after: 3, durationMs: 15 * 60_000 } }));
  app.use(staticFiles(publicDir, { prefix: '/assets', precompressed: true, maxAge: 3600 }));
  app.use(
    languageDetector({
      supportedLanguages: ['en', 'fr', 'de'],
      fallbackLanguage: 'en',
      order: ['querystring', 'cookie', 'header'],
      caches: ['cookie'],
    }),
  );
  const files = fileSender(publicDir);

  app.get('/', (ctx) => ({ greeting: greetings[ctx.language ?? 'en'], language: ctx.language }));
  app.get('/prices', (ctx) => {
    const type = accepts(ctx, { header: 'Accept', supports: ['application/json', 'text/csv'], default: 'application/json' });
    if (type === 'application/json') return prices;
    const csv = `item,price\n${prices.map((p) => `${p.item},${p.price}`).join('\n')}\n`;
    return new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8', vary: 'accept' } });
  });
  app.get('/prices/download', (ctx) => files.download(ctx, 'price-list.csv', `${greetings[ctx.language ?? 'en']} – prices.csv`));
  app.post('/login', () => ({ ok: true }), { rateLimit: { max: 5, windowMs: 60_000 } });
  return app;
}
