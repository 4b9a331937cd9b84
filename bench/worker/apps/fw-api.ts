/** The realistic route on the full framework: POST /users/:id with CORS (fw's cors middleware) and a JSON body (and GET / -> "Hello", which every bundle must answer). */
import { Fw, cors } from 'fw';

const app = new Fw();
app.use(cors({ origin: 'https://app.example' }));
app.get('/', () => 'Hello');
app.post('/users/:id', async (ctx) => ({ id: ctx.params.id, ...((await ctx.body()) as object) }));

export default app;
