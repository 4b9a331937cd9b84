// src/call-client.ts: the typed client against a running deployment: `bun src/call-client.ts <url> <token>`, or with node
// after `fw build --target node --entry src/call-client.ts --outfile dist/client/index.mjs`.
import { createClient } from 'fw/client';
import type { app } from './app.js';

const [base, token] = process.argv.slice(2);
const client = createClient<typeof app>(base, { headers: { authorization: `Bearer ${token}` } });

const created = await client.post('/api/notes', { body: { text: 'from the typed client' } });
if (created.error !== undefined) throw new Error(`POST /api/notes answered ${created.status}: ${JSON.stringify(created.error)}`);
const id: number = created.data.id;

const edited = await client.put('/api/notes/:id', { params: { id: String(id) }, body: { text: 'edited by the typed client' } });
if (edited.error !== undefined) throw new Error(`PUT /api/notes/${id} answered ${edited.status}`);
const text: string = edited.data.text;
// @ts-expect-error a note's text is a string, never a number
const wrong: number = edited.data.text;

const all = await client.get('/api/notes');
const invalid = await client.post('/api/notes', { body: { text: '' } });
// @ts-expect-error the body schema requires text
await client.post('/api/notes', { body: {} }).catch(() => undefined);
// @ts-expect-error no such route
await client.get('/api/nothing').catch(() => undefined);

console.log(JSON.stringify({ id, text, notes: all.data?.length ?? 0, invalid: invalid.status, unused: typeof wrong }));
