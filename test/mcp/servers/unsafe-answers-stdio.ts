/** The unsafe-answers server over stdio in its own process. */
import { unsafeAnswersServer } from './unsafe-answers';

await unsafeAnswersServer().start('stdio');
