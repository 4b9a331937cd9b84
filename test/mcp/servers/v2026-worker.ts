/** The 2026-07-28 test app as a worker (fw/worker), bundled by clients-v2026.test.ts and run in workerd. */
import { worker } from 'fw/worker';
import { v2026App } from './v2026-app';

export default worker(v2026App());
