/** Checks that the local services the tests need are up, failing with what to start when one is not. */
import { Socket } from 'node:net';

const starts = {
  PostgreSQL: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  MariaDB: 'start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd',
  Redis: 'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no',
} as const;

export const POSTGRES_URL = process.env.FW_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const MYSQL_URL = process.env.FW_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
export const REDIS_URL = process.env.FW_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Resolves when something accepts TCP connections at the URL's host and port; otherwise throws saying how to start it. */
export async function requireService(service: keyof typeof starts, url: string, defaultPort: number): Promise<void> {
  const { hostname, port } = new URL(url);
  const target = { host: hostname || '127.0.0.1', port: Number(port) || defaultPort };
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = new Socket();
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
    socket.connect(target.port, target.host);
  });
  if (!reachable) {
    throw new Error(`${service} is not reachable at ${target.host}:${target.port}; these tests need it. Start it with: ${starts[service]}`);
  }
}

/** A name unique to this test run, for schemas, tables and key prefixes. */
export function uniqueName(base: string): string {
  return `${base}_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
}
