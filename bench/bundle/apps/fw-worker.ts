/** One-route fw worker with the fw/worker adapter (cold-start stats, cron, WebSockets). */
import { Fw } from 'fw';
import { worker } from 'fw/worker';

const app = new Fw();
app.get('/', () => 'Hello');

export default worker(app);
