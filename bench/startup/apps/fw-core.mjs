/** One route on the fw kernel (`fw/core`). */
import { Fw } from 'fw/core';

const app = new Fw();
app.get('/', () => 'Hello');

export default app;
