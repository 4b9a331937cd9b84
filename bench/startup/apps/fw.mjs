/** One route on the full framework (`fw`, which Node resolves to its node entry). */
import { Fw } from 'fw';

const app = new Fw();
app.get('/', () => 'Hello');

export default app;
