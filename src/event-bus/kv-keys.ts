/**
 * The fixed-width message keys of the KV transport: `<15-digit ms time>:<8-char instance>:<12-digit counter>` after
 * the channel prefix. Every part is zero-padded, so text order (what KV listings return) is time order, and within one
 * instance and millisecond it is emission order.
 */

const TIME_WIDTH = 15;
const INSTANCE_WIDTH = 8;
const COUNTER_WIDTH = 12;
const KEY = /^(\d{15}):([0-9a-z]{8}):(\d{12})$/;

/** A parsed message key (the part after the channel prefix). */
export interface MessageKey {
  time: number;
  instance: string;
  counter: number;
}

/** A random instance id of the fixed width keys need. */
export function newInstanceId(): string {
  let id = '';
  while (id.length < INSTANCE_WIDTH) id += Math.random().toString(36).slice(2);
  return id.slice(0, INSTANCE_WIDTH);
}

/** The key suffix of the `counter`-th message of `instance` published at `time` (ms). */
export function messageKey(time: number, instance: string, counter: number): string {
  return `${String(time).padStart(TIME_WIDTH, '0')}:${instance}:${String(counter).padStart(COUNTER_WIDTH, '0')}`;
}

/** Parses a key suffix; null for keys of another layout (older fw versions, foreign keys), which carry no order. */
export function parseMessageKey(suffix: string): MessageKey | null {
  const match = KEY.exec(suffix);
  return match ? { time: Number(match[1]), instance: match[2], counter: Number(match[3]) } : null;
}
