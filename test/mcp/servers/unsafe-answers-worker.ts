/** The unsafe-answers app as a Workers module. */
import { Fw } from 'fw';
import { worker } from 'fw/worker';
import { createMCPPlugin } from 'fw-mcp';
import { unsafeAnswersServer } from './unsafe-answers';

const app = new Fw();
void app.plugin(createMCPPlugin(unsafeAnswersServer()));

export default worker(app);
