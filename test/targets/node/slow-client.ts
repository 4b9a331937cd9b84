import { connect } from 'node:net';

/** What a raw client saw: every byte the server sent, and how long after connecting the server closed. */
export interface SlowExchange {
  answer: string;
  closedAfterMs: number;
}

/**
 * Connects, sends `first`, then one more `trickle` every `everyMs` for as long as the socket is open, and resolves
 * when the server closes it: a slow (Slowloris-like) client.
 */
export function slowClient(port: number, first: string, trickle: string | null, everyMs = 200): Promise<SlowExchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let timer: ReturnType<typeof setInterval> | undefined;
    socket.setEncoding('latin1');
    socket.on('data', (d) => (answer += d));
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'ECONNRESET' && e.code !== 'EPIPE') reject(e);
    });
    socket.on('connect', () => {
      if (first !== '') socket.write(first);
      if (trickle !== null) timer = setInterval(() => socket.writable && socket.write(trickle), everyMs);
    });
  });
}

/** The JSON body of a raw HTTP/1.1 answer. */
export function jsonBody(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}
