/**
 * The SSE example: `GET /` is a page that shows a clock fed by EventSource, `GET /events` the event stream. Each
 * connection sends a few ticks and ends; the browser reconnects after `retry` ms with Last-Event-ID, and the
 * stream goes on from the next id. The same app runs on fw/node, fw/bun, a worker and lambdaStream().
 */
import { Fw } from 'fw';
import { streamSSE } from 'fw/streaming';

/** How the example paces its events. */
export interface SseExampleOptions {
  /** Milliseconds between ticks (default 1000). */
  tickMs?: number;
  /** Ticks per connection before the stream ends and the browser reconnects (default 5). */
  perConnection?: number;
}

const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>fw SSE clock</title></head>
<body>
<h1>fw SSE clock</h1>
<p>Status: <span id="status">connecting</span></p>
<ol id="events"></ol>
<script>
  const status = document.getElementById('status');
  const list = document.getElementById('events');
  const source = new EventSource('/events');
  source.onopen = () => (status.textContent = 'open');
  source.onerror = () => (status.textContent = 'reconnecting');
  source.addEventListener('tick', (event) => {
    const tick = JSON.parse(event.data);
    const item = document.createElement('li');
    item.dataset.id = event.lastEventId;
    item.textContent = 'tick ' + tick.n + ' at ' + tick.at;
    list.append(item);
  });
</script>
</body>
</html>
`;

/** The id the browser resumes from (its Last-Event-ID header), or 0 for a first connection or a value that is not a count. */
function resumeFrom(header: string | null): number {
  const n = header === null ? 0 : Number(header);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

/** Builds the example app. */
export function createApp(options: SseExampleOptions = {}): Fw {
  const tickMs = options.tickMs ?? 1000;
  const perConnection = options.perConnection ?? 5;
  return new Fw()
    .get('/', (ctx) => ctx.html(page))
    .get('/events', (ctx) =>
      streamSSE(ctx, async (stream) => {
        let id = resumeFrom(ctx.header('last-event-id'));
        for (let sent = 0; sent < perConnection && !stream.aborted; sent++) {
          id++;
          const data = JSON.stringify({ n: id, at: new Date().toISOString() });
          await stream.writeSSE({ id: String(id), event: 'tick', data, retry: sent === 0 ? 500 : undefined });
          await stream.sleep(tickMs);
        }
      }),
    );
}
