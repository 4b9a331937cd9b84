/**
 * What fw/lambda needs of the Node process it runs in: the light responses the buffered handler reads from their
 * string. fw/lambda imports the kernel's own modules, never `fw`, and registers none of Node's services (static files,
 * uploads, migrations, route folders, run-time imports, signal handlers): their modules' `node:` imports would load
 * at every cold start of a handler that uses none of them. An app on `fw` has them from `fw`'s Node entry; an app on
 * `fw/core` that wants them calls `installNodeServices()` from fw/lambda.
 */
import { setResponseFactory } from '../../src/core/response-factory';
import { lightResponseFactory } from '../node/light-response';

let installed = false;

/** Once per process: the light responses (the same factory `fw`'s Node entry installs, so installing it again changes nothing). */
export function installLambdaPlatform(): void {
  if (installed) return;
  installed = true;
  setResponseFactory(lightResponseFactory);
}
