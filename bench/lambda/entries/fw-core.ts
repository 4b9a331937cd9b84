/** fw/core contestant: the same route on the fw kernel behind fw/lambda. */
import { Fw } from 'fw/core';
import { lambda } from 'fw/lambda';

const app = new Fw();
app.get('/users/:id', (ctx) => {
  ctx.setHeader('x-powered-by', 'bench');
  return { id: ctx.params.id };
});

/** The Lambda handler under test. */
export const handler = lambda(app);
