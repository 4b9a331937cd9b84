/** hono contestant: the same route behind hono/aws-lambda's handle. */
import { Hono } from 'hono';
import { handle } from 'hono/aws-lambda';

const app = new Hono();
app.get('/users/:id', (c) => {
  c.header('x-powered-by', 'bench');
  return c.json({ id: c.req.param('id') });
});

/** The Lambda handler under test. */
export const handler = handle(app);
