/** The example worker's entry (wrangler.toml `main`): mount plugins on `app` here, before `worker(app)`. */
import { worker } from 'fw/worker';
import { app } from './app';
import { recordCron } from './cron';
import type { Env } from './env';

export default worker<Env>(app, { scheduled: recordCron });
