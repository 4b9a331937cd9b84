import { afterAll, beforeAll } from 'vitest';
import { serve, type NodeServer } from 'fw/node';
import { wsTestApp } from '../../ws/ws-app';
import { webSocketSuite } from '../../ws/ws-suite';

let server: NodeServer;

beforeAll(async () => {
  server = await serve(wsTestApp(), { port: 0, hostname: '127.0.0.1' });
});

afterAll(() => server.stop());

webSocketSuite('fw/node', () => `ws://127.0.0.1:${server.port}`);
