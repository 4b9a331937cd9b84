/** The realistic route on hono: POST /users/:id with CORS (hono/cors) and a JSON body (and GET / -> "Hello", which every bundle must answer). */
import { Hono } from 'hono';
import { cors } from 'hono/cors';

const app = new Hono();
app.use(cors({ origin: 'https://app.example' }));
app.get('/', (c) => c.text('Hello'));
app.post('/users/:id', async (c) => c.json({ id: c.req.param('id'), ...(await c.req.json()) }));

export default app;
