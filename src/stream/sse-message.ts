/** One server-sent event, as `writeSSE` takes it. */
export interface SSEMessage {
  /** The event's data (a promise of it is awaited); line breaks split it over several `data:` lines. */
  data: string | Promise<string>;
  /** The event type (`addEventListener(type)` in the browser); default `message`. No line breaks. */
  event?: string;
  /** The event id the browser sends back as `Last-Event-ID` when it reconnects; `''` resets it. No line breaks or NUL. */
  id?: string;
  /** How long the browser waits before reconnecting, in milliseconds (a whole number >= 0). */
  retry?: number;
}

const lineBreak = /\r\n|\r|\n/;

/** Refuses a field value that would end the field early and let the rest be read as another field. */
function checkField(name: string, value: string | undefined): void {
  if (value === undefined) return;
  if (typeof value !== 'string') throw new TypeError(`writeSSE: ${name} must be a string, got ${typeof value}`);
  if (/[\r\n]/.test(value)) throw new TypeError(`writeSSE: ${name} must not contain "\\r" or "\\n"`);
  if (name === 'id' && value.includes('\0')) throw new TypeError('writeSSE: id must not contain NUL (browsers ignore such an id)');
}

/** Formats one event in the text/event-stream format: `event`, one `data` line per line of data, `id`, `retry`, a blank line. */
export function formatSSE(message: SSEMessage, data: string): string {
  checkField('event', message.event);
  checkField('id', message.id);
  const { retry } = message;
  if (retry !== undefined && (!Number.isSafeInteger(retry) || retry < 0))
    throw new TypeError(`writeSSE: retry must be a whole number of milliseconds >= 0, got ${String(retry)}`);
  if (typeof data !== 'string') throw new TypeError(`writeSSE: data must be a string (or a promise of one), got ${typeof data}`);
  let out = message.event ? `event: ${message.event}\n` : '';
  for (const line of data.split(lineBreak)) out += `data: ${line}\n`;
  if (message.id !== undefined) out += `id: ${message.id}\n`;
  if (retry !== undefined) out += `retry: ${retry}\n`;
  return `${out}\n`;
}

/** Formats a comment line (`: text`), which browsers ignore: a keep-alive for proxies that close idle connections. */
export function formatComment(text: string): string {
  return `${text
    .split(lineBreak)
    .map((line) => `: ${line}`)
    .join('\n')}\n\n`;
}
