/** The auth stack on hono: CORS, an API key (hono/bearer-auth on x-api-key) and a JWT (hono/jwt, HS256) before GET /api/me. */
import { Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { cors } from 'hono/cors';
import { jwt } from 'hono/jwt';

const app = new Hono();
app.use(cors({ origin: 'https://app.example' }));
app.use('/api/*', bearerAuth({ token: 'bench-api-key-0123456789', headerName: 'x-api-key' }));
app.use('/api/*', jwt({ secret: 'bench-jwt-secret-0123456789-abcdefghij', alg: 'HS256' }));
app.get('/', (c) => c.text('Hello'));
app.get('/api/me', (c) => c.json({ sub: (c.get('jwtPayload') as { sub: string }).sub }));

export default app;
