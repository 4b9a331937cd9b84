/** One-route fw Lambda handler (fw/lambda). */
import { Fw } from 'fw';
import { lambda } from 'fw/lambda';

const app = new Fw();
app.get('/', () => 'Hello');

export const handler = lambda(app);
