/** What loading fw on Node sets up: Node's platform services and the light responses (undici's are slow to build). */
import { setResponseFactory } from '../../src/core/response-factory';
import { lightResponseFactory } from './light-response';
import { installNodePlatform } from './platform';

/** Registers Node's services and response factory; `fw` under the `node` condition and `fw/node` call it on load. */
export function installNode(): void {
  installNodePlatform();
  setResponseFactory(lightResponseFactory);
}
