/** One-route Hono worker with the hono/tiny preset (PatternRouter). */
import { Hono } from 'hono/tiny';

const app = new Hono();
app.get('/', (c) => c.text('Hello'));

export default app;
