/** What loading fw on Node sets up: Node's platform services and the light responses (undici's are slow to build). */
import { setResponseFactory } from '../../src/core/response-factory';
import { installServerMethods } from '../../src/core/server-methods';
import { lightResponseFactory } from './light-response';
import { installNodeEntryPlatform, installNodePlatform } from './platform';

/** Registers Node's services, the `node:http` adapter imported directly, the response factory and `app.listen()`; fw/node calls it on load. */
export function installNode(): void {
  installNodePlatform();
  installServerMethods();
  setResponseFactory(lightResponseFactory);
}

/** The same with the adapter imported by name on first `listen()`; `fw` under the `node` condition calls it on load. */
export function installNodeEntry(): void {
  installNodeEntryPlatform();
  setResponseFactory(lightResponseFactory);
}
