/** One-route worker on the fw kernel (`fw/core`), exporting the app itself. */
import { Fw } from 'fw/core';

const app = new Fw();
app.get('/', () => 'Hello');

export default app;
