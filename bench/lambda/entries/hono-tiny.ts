/** hono/tiny contestant: the same route behind hono/aws-lambda's handle, with the tiny preset. */
import { Hono } from 'hono/tiny';
import { handle } from 'hono/aws-lambda';

const app = new Hono();
app.get('/users/:id', (c) => {
  c.header('x-powered-by', 'bench');
  return c.json({ id: c.req.param('id') });
});

/** The Lambda handler under test. */
export const handler = handle(app);
