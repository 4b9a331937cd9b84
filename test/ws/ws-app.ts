import { Fw } from 'fw';

/** Events the ws test app records, for assertions about handler order. */
export const log: string[] = [];

/** The app every target's WebSocket suite runs: echo, typed data, refusals, limits, failures. */
export function wsTestApp(): Fw {
  return new Fw()
    .get('/http', () => 'plain')
    .get('/ws-log', () => log)
    .ws<{ user: string; count: number }>('/echo/:room', {
      upgrade(ctx) {
        if (ctx.query.user === undefined)
          return new Response(JSON.stringify({ error: 'who?', code: 'UNAUTHORIZED' }), {
            status: 401,
            headers: { 'content-type': 'application/json' },
          });
        ctx.setHeader('x-welcome', ctx.query.user);
        return { user: ctx.query.user, count: 0 };
      },
      async open(ws) {
        await new Promise((r) => setTimeout(r, 20));
        ws.send(JSON.stringify({ hello: ws.data.user, room: ws.params.room, id: ws.id }));
      },
      message(ws, msg) {
        ws.data.count++;
        if (typeof msg === 'string') {
          if (msg === 'bye') return ws.close(4000, 'asked to leave');
          if (msg === 'throw') throw new Error('handler failed');
          ws.send(`${ws.data.count}:${msg}`);
        } else {
          ws.send(msg.slice().reverse());
        }
      },
      close(ws, code, reason) {
        log.push(`close ${ws.data.user} ${code} ${reason}`);
      },
    })
    .ws('/small', { message: (ws, msg) => ws.send(msg) }, { maxPayload: 16 })
    .ws(
      '/idle',
      {
        open: (ws) => ws.send('watching'),
        close: (_ws, code) => {
          log.push(`idle closed ${code}`);
        },
      },
      { idleTimeout: 1 },
    );
}
