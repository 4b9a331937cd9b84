/** Raw JSON-RPC over real HTTP for the fw-mcp tests: POSTs and an SSE reader that hands messages over as they arrive. */

/** POSTs one JSON-RPC body to `url` (accepting JSON and SSE unless told otherwise). */
export function rawPost(url: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
    signal,
  });
}

/** Reads the JSON-RPC messages of an SSE (or plain JSON) response one at a time; null once the body ends. */
export function messages(response: Response): { next(): Promise<any | null>; rest(): Promise<any[]> } {
  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    let done = false;
    const read = async () => {
      if (done) return null;
      done = true;
      const text = await response.text();
      return text === '' ? null : JSON.parse(text);
    };
    return {
      next: read,
      rest: async () => {
        const one = await read();
        return one === null ? [] : [one];
      },
    };
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<any | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data !== '') return JSON.parse(data);
        continue;
      }
      const { done, value } = await reader.read();
      if (done) return null;
      buffer += value;
    }
  };
  return {
    next,
    async rest() {
      const all: any[] = [];
      for (let m = await next(); m !== null; m = await next()) all.push(m);
      return all;
    },
  };
}

/** Waits until `check()` is true (polling every 5 ms, at most `ms`). */
export async function until(check: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A random UUID, as `crypto.randomUUID()` makes them. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
