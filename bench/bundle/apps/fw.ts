/** One-route worker on the full framework (`fw`), exporting the app itself. */
import { Fw } from 'fw';

const app = new Fw();
app.get('/', () => 'Hello');

export default app;
