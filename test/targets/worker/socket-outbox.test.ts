import type { Miniflare } from 'miniflare';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bundleWorker, runWorker } from './helpers';

/** A room member: the socket and every text frame it received after the room's `joined`. */
interface Member {
  ws: WebSocket;
  frames: string[];
}

/** Opens a socket to a room and resolves once the room said `joined`. */
function member(url: string): Promise<Member> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const frames: string[] = [];
    let joined = false;
    ws.on('message', (data) => {
      const text = data.toString();
      if (joined) frames.push(text);
      else if (text === 'joined') {
        joined = true;
        resolve({ ws, frames });
      } else reject(new Error(`expected joined first, got ${text}`));
    });
    ws.on('error', reject);
  });
}

/** Every sender's frames as one member saw them, in arrival order. */
function bySender(frames: string[]): Map<string, number[]> {
  const senders = new Map<string, number[]>();
  for (const frame of frames) {
    const [sender, n] = frame.split(':');
    senders.set(sender, [...(senders.get(sender) ?? []), Number(n)]);
  }
  return senders;
}

/** Waits until `done()` holds, polling, or fails after `ms` with `why()`. */
async function until(done: () => boolean, ms: number, why: () => string, every = 2): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(why());
    await new Promise((r) => setTimeout(r, every));
  }
}

/**
 * Waits until `count()` reaches `want`, failing only once it has stopped growing for `stallMs`: a loaded machine may
 * deliver late, a lost frame never comes. The failure says which numbers each sender is missing.
 */
async function untilAllArrive(count: () => number, want: number, stallMs: number, missing: () => string): Promise<void> {
  let seen = count();
  let movedAt = Date.now();
  while (count() < want) {
    if (count() !== seen) {
      seen = count();
      movedAt = Date.now();
    } else if (Date.now() - movedAt > stallMs)
      throw new Error(`got ${seen} of ${want} frames, none more for ${stallMs / 1000} s; missing ${missing()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Which numbers below `sent` each of `senders` is missing in `frames` (the first few per sender). */
function missingNumbers(frames: string[], senders: string[], sent: number): string {
  const heard = bySender(frames);
  return senders
    .map((sender) => {
      const got = new Set(heard.get(sender) ?? []);
      const lost = Array.from({ length: sent }, (_, n) => n).filter((n) => !got.has(n));
      return lost.length === 0 ? null : `${sender}: ${lost.length} (${lost.slice(0, 5).join(', ')}${lost.length > 5 ? ', ...' : ''})`;
    })
    .filter((line) => line !== null)
    .join('; ');
}

async function closeAll(members: Member[]): Promise<void> {
  await Promise.all(members.map((m) => new Promise((r) => (m.ws.once('close', r), m.ws.close()))));
}

describe('fw/worker: the socket outbox delivers every frame of an in-isolate room', () => {
  let mf: Miniflare;
  let base = '';
  const logs: string[] = [];
  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/targets/worker/fixtures/socket-outbox-worker.ts'), {
      handleRuntimeStdio(stdout: Readable, stderr: Readable) {
        stdout.on('data', (chunk: Buffer) => logs.push(String(chunk)));
        stderr.on('data', (chunk: Buffer) => logs.push(String(chunk)));
      },
    });
    base = (await mf.ready).toString().replace(/^http/, 'ws').replace(/\/$/, '');
  });
  afterAll(() => mf?.dispose());

  it("10 clients x 200 messages sent at once: every member gets every other member's frames, in order per sender", async () => {
    const clients = 10;
    const messages = 200;
    const members: Member[] = [];
    for (let i = 0; i < clients; i++) members.push(await member(`${base}/room/burst`));
    for (let n = 0; n < messages; n++) members.forEach((m, i) => m.ws.send(`c${i}:${n}`));
    const want = (clients - 1) * messages;
    await Promise.all(
      members.map((m) =>
        until(
          () => m.frames.length >= want,
          20_000,
          () => `got ${m.frames.length} of ${want} frames`,
        ),
      ),
    );
    const expected = Array.from({ length: messages }, (_, n) => n);
    members.forEach((m, i) => {
      const senders = bySender(m.frames);
      expect([...senders.keys()].sort()).toEqual(
        members
          .map((_, j) => `c${j}`)
          .filter((s) => s !== `c${i}`)
          .sort(),
      );
      for (const numbers of senders.values()) expect(numbers).toEqual(expected);
    });
    await closeAll(members);
    expect(logs.join('')).not.toMatch(/different request|could not be delivered/);
  });

  it("rooms opened and closed one after another, one sender at a time (the rooms bench's pattern): nothing lost", async () => {
    for (let round = 0; round < 20; round++) {
      const members: Member[] = [];
      for (let i = 0; i < 10; i++) members.push(await member(`${base}/room/seq${round}`));
      const [sender, ...receivers] = members;
      for (let n = 0; n < 20; n++) {
        sender.ws.send(`c0:${n}`);
        await Promise.all(
          receivers.map((r) =>
            until(
              () => r.frames.length > n,
              10_000,
              () => `message ${n} did not arrive`,
            ),
          ),
        );
      }
      for (const r of receivers) expect(r.frames).toEqual(Array.from({ length: 20 }, (_, n) => `c0:${n}`));
      await closeAll(members);
    }
    expect(logs.join('')).not.toMatch(/different request|could not be delivered/);
  });
  it('members dropping and rejoining while 10 members broadcast for 2 s: the others lose nothing, in order', async () => {
    // What made workerd run wake-ups inside another request: the old outbox then wrote there, and lost, most frames.
    const members: Member[] = [];
    for (let i = 0; i < 10; i++) members.push(await member(`${base}/room/churn`));
    let churning = true;
    const churn = async (): Promise<void> => {
      while (churning) {
        const passer = await member(`${base}/room/churn`);
        passer.ws.send('passer:hello');
        await new Promise((r) => setTimeout(r, Math.random() * 3));
        if (Math.random() < 0.5) passer.ws.terminate();
        else passer.ws.close();
      }
    };
    const churners = [churn(), churn(), churn()];
    let sent = 0;
    const started = Date.now();
    while (Date.now() - started < 2000) {
      for (let burst = 0; burst < 5; burst++, sent++) members.forEach((m, i) => m.ws.send(`c${i}:${sent}`));
      await new Promise((r) => setTimeout(r, 5));
    }
    churning = false;
    await Promise.all(churners);
    const own = (m: Member) => m.frames.filter((f) => f.startsWith('c'));
    const want = 9 * sent;
    const senders = members.map((_, i) => `c${i}`);
    await Promise.all(
      members.map((m, i) =>
        untilAllArrive(
          () => own(m).length,
          want,
          10_000,
          () =>
            missingNumbers(
              own(m),
              senders.filter((s) => s !== `c${i}`),
              sent,
            ),
        ),
      ),
    );
    const expected = Array.from({ length: sent }, (_, n) => n);
    members.forEach((m, i) => {
      const senders = bySender(own(m));
      expect(senders.size).toBe(9);
      expect(senders.has(`c${i}`)).toBe(false);
      for (const numbers of senders.values()) expect(numbers).toEqual(expected);
    });
    await closeAll(members);
    expect(logs.join('')).not.toMatch(/different request|could not be delivered/);
  }, 120_000);

  it("a frame the socket refuses in its own context goes to the route's error hook and closes the socket with 1011", async () => {
    const ws = new WebSocket(`${base}/refused`);
    const closed = await new Promise<number>((resolve, reject) => {
      ws.on('close', (code) => resolve(code));
      ws.on('error', reject);
    });
    expect(closed).toBe(1011);
    const heard = (await (await mf.dispatchFetch('http://localhost/refused-errors')).json()) as string[];
    expect(heard).toEqual(['fw/worker: a WebSocket frame could not be delivered: TypeError']);
  });
});
