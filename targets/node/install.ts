/** What loading fw/node sets up: Node's platform services, the `node:http` adapter and the light responses (undici's are slow to build). */
import { setResponseFactory } from '../../src/core/response-factory';
import { installServerMethods } from '../../src/core/server-methods';
import { lightResponseFactory } from './light-response';
import { installNodePlatform } from './platform-server';

/** Registers Node's services, the `node:http` adapter imported directly, the response factory and `app.listen()`; fw/node calls it on load. */
export function installNode(): void {
  installNodePlatform();
  installServerMethods();
  setResponseFactory(lightResponseFactory);
}
