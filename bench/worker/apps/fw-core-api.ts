/** The realistic route on the fw kernel: POST /users/:id with CORS (`fw/cors`) and a JSON body (and GET / -> "Hello", which every bundle must answer). */
import { Fw } from 'fw/core';
import { cors } from 'fw/cors';

const app = new Fw();
app.use(cors({ origin: 'https://app.example' }));
app.get('/', () => 'Hello');
app.post('/users/:id', async (ctx) => ({ id: ctx.params.id, ...((await ctx.body()) as object) }));

export default app;
