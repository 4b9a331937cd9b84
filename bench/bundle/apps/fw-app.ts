/** One-route fw worker exporting the app itself (`export default app`). */
import { Fw } from 'fw';

const app = new Fw();
app.get('/', () => 'Hello');

export default app;
