/** `fw` as Bun resolves it (the `bun` export condition): the platform-neutral package with Bun's services registered. */
import { installBunPlatform } from './platform';

export * from '../../src/index';

installBunPlatform();
