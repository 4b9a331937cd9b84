import { connect } from 'node:net';

/** Sends raw bytes to a server and collects everything it answers until it closes the connection. */
export function rawExchange(port: number, chunks: Array<string | Buffer>): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (d) => (answer += d));
    socket.on('close', () => resolve(answer));
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve(answer) : reject(e)));
    socket.on('connect', () => {
      for (const c of chunks) socket.write(c);
    });
  });
}

/** Resolves when `check()` is true, running `refresh` before each look (the test's own timeout bounds the wait). */
export async function until(check: () => boolean, refresh?: () => Promise<unknown>): Promise<void> {
  if (refresh) await refresh();
  while (!check()) {
    await new Promise((r) => setTimeout(r, 10));
    if (refresh) await refresh();
  }
}
