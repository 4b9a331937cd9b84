import { exampleSuite } from './example-suite';

exampleSuite('examples/node', [process.execPath, '--import', 'tsx', 'examples/node/server.ts'], 'node');
