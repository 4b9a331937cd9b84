import { fileURLToPath } from 'node:url';
import { exampleSuite } from '../node/example-suite';

exampleSuite(
  'examples/bun',
  [fileURLToPath(new URL('../../../node_modules/.bin/bun', import.meta.url)), 'run', 'examples/bun/server.ts'],
  'bun',
);
