import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, refusedStatus } from '../../ws/ws-suite';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function startExample(command: string[]): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    child.once('exit', (code) => reject(new Error(`example exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const url = /listening on (\S+)/.exec(line)?.[1];
      if (url) resolve({ child, url });
      else reject(new Error(`unexpected first line: ${line}`));
    });
  });
}

/** Runs an example server (examples/node or examples/bun) and checks its HTTP routes and its chat. */
export function exampleSuite(name: string, command: string[], runtime: 'node' | 'bun'): void {
  describe(`${name} example`, () => {
    let child: ChildProcess;
    let url: string;
    beforeAll(async () => {
      ({ child, url } = await startExample(command));
    });
    afterAll(
      () =>
        new Promise<void>((done) => {
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
    );

    it('prints its URL and serves the JSON routes, validation included', async () => {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await (await fetch(`${url}/`)).json()).toEqual({ hello: 'world', runtime });
      expect(await (await fetch(`${url}/greet/ada`)).json()).toEqual({ greeting: 'Hello, ada!' });
      const ok = await fetch(`${url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"message":"hi"}' });
      expect(await ok.json()).toEqual({ received: { message: 'hi' } });
      const bad = await fetch(`${url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"message":42}' });
      expect(bad.status).toBe(400);
    });

    it('runs the chat: refuses a nameless join, broadcasts, and lists presence', async () => {
      const ws = url.replace(/^http/, 'ws');
      expect((await refusedStatus(`${ws}/chat/lobby`)).status).toBe(401);
      const ann = await client(`${ws}/chat/lobby?name=ann`);
      expect(JSON.parse(String(await ann.next()))).toEqual({ type: 'joined', name: 'ann' });
      const bob = await client(`${ws}/chat/lobby?name=bob`);
      expect(JSON.parse(String(await bob.next()))).toEqual({ type: 'joined', name: 'bob' });
      expect(JSON.parse(String(await ann.next()))).toEqual({ type: 'joined', name: 'bob' });
      bob.ws.send('hello ann');
      expect(JSON.parse(String(await ann.next()))).toEqual({ type: 'message', name: 'bob', text: 'hello ann' });
      const presence = (await (await fetch(`${url}/rooms/lobby`)).json()) as { presence: Array<{ data: unknown }> };
      expect(presence.presence.map((m) => m.data)).toEqual([{ name: 'ann' }, { name: 'bob' }]);
      const rooms = (await (await fetch(`${url}/rooms`)).json()) as { rooms: unknown; connections: { active: number } };
      expect(rooms.rooms).toEqual([{ room: 'lobby', members: 2, local: 2 }]);
      expect(rooms.connections.active).toBe(2);
      bob.ws.close();
      expect(JSON.parse(String(await ann.next()))).toEqual({ type: 'left', name: 'bob' });
      ann.ws.close();
    });
  });
}
