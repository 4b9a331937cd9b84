/**
 * What fw/lambda needs of the Node process it runs in. fw/lambda imports the kernel's own modules, never `fw` (whose
 * Node entry registers Node's services), so an app on fw/core gets them here: Node's services but `listen()`'s
 * adapter (nothing listens on Lambda) and the light responses the buffered handler reads from their string.
 */
import { hasPlatform } from '../../src/core/platform';
import { setResponseFactory } from '../../src/core/response-factory';
import { lightResponseFactory } from '../node/light-response';
import { installNodeServices } from '../node/platform';

let installed = false;

/** Once per process, where no runtime entry has registered Node's services (`fw` not imported): registers them and the light responses. */
export function installLambdaPlatform(): void {
  if (installed) return;
  installed = true;
  if (hasPlatform('importModule')) return;
  installNodeServices();
  setResponseFactory(lightResponseFactory);
}
