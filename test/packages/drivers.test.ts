/**
 * fw's types name no optional driver: fw/node declares the shape of the ioredis client and of the ws server it uses.
 * These tests hand fw real ioredis and ws objects, so the shapes stay ones the real packages fit (npm run typecheck
 * compiles the assignments below) and the stores work with a client the app made (how a Lambda bundle carries ioredis).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { WebSocketServer } from 'ws';
import { redisBusTransport } from '../../targets/node/redis-bus';
import { redisKV } from '../../targets/node/redis-kv';
import type { RedisClient } from '../../targets/node/redis-client';
import type { WsServer } from '../../targets/node/ws-module';
import { REDIS_URL, requireService, uniqueName } from '../db/services';

const prefix = `${uniqueName('fwpkg')}:`;
let client: Redis;

beforeAll(async () => {
  await requireService('Redis', REDIS_URL, 6379);
  client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
});
afterAll(async () => {
  const keys = await client.keys(`${prefix}*`);
  if (keys.length > 0) await client.del(...keys);
  await client.quit();
});

describe('an ioredis client made by the app', () => {
  it('backs redisKV: get, put with a TTL, list, increment; the store leaves the client open', async () => {
    const given: RedisClient = client;
    const kv = redisKV({ client: given, prefix });
    await kv.put('a', '1');
    await kv.put('b', '2', { ttl: 60 });
    expect(await kv.get('a')).toBe('1');
    expect(await client.pttl(`${prefix}b`)).toBeGreaterThan(50_000);
    expect(await kv.list()).toEqual(['a', 'b']);
    expect(await kv.increment('n', 3)).toBe(3);
    await kv.close();
    expect(client.status).toBe('ready');
  });

  it('backs redisBusTransport: a published message reaches the subscriber', async () => {
    const bus = redisBusTransport({ client, channel: `${prefix}bus` });
    const received = new Promise<string>((resolve) => void bus.subscribe(resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await bus.publish('hello');
    expect(await received).toBe('hello');
    await bus.close();
    expect(client.status).toBe('ready');
  });
});

describe('the ws package', () => {
  it('fits the WebSocket server shape that fw/node declares', () => {
    const server: WsServer = new WebSocketServer({ noServer: true, maxPayload: 1024, clientTracking: true });
    expect(server.clients.size).toBe(0);
    server.close();
  });
});
