/** The auth stack on fw's full app: CORS, an API key (bearerAuth on x-api-key) and a JWT (HS256) before GET /api/me. */
import { bearerAuth } from 'fw/bearer-auth';
import { Fw } from 'fw';
import { cors } from 'fw/cors';
import { jwt } from 'fw/jwt';

const app = new Fw();
app.use(cors({ origin: 'https://app.example' }));
app.use('/api', bearerAuth({ token: 'bench-api-key-0123456789', headerName: 'x-api-key' }));
app.use('/api', jwt({ secret: 'bench-jwt-secret-0123456789-abcdefghij', alg: 'HS256' }));
app.get('/', () => 'Hello');
app.get('/api/me', (ctx) => ({ sub: ctx.jwtPayload.sub }));

export default app;
