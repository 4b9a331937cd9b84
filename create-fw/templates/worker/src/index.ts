/** The worker's entry (wrangler.toml `main`): fw's fetch handler over the app. */
import { worker } from 'fw/worker';
import { app } from './app.js';

export default worker(app);
