/** app.listen() under Bun with no adapter given: it must find fw/bun by itself; optional TLS files as arguments. */
import { readFileSync } from 'node:fs';
import { bun } from 'fw/bun';
// The repo's tsconfig paths map `fw` to the neutral entry; installed, Bun resolves `fw` to this one, whose Fw presets Bun's services.
import { Fw } from '../../../targets/bun/fw';

const [keyFile, certFile] = process.argv.slice(2);
const adapter = keyFile ? bun({ tls: { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') } }) : undefined;
const app = new Fw({ adapter, hostname: '127.0.0.1' }).get('/', () => ({ runtime: 'bun', tls: Boolean(keyFile) }));
const server = await app.listen(0);
console.log(JSON.stringify({ port: server.port, url: `http${keyFile ? 's' : ''}://127.0.0.1:${server.port}` }));
