const names = new Set(['localhost', '::1', '[::1]', '0:0:0:0:0:0:0:1']);

/** Answers for the host names seen lately: every MCP request asks about the same few (the listen name, its Host). */
const seen = new Map<string, boolean>();
const SEEN_MAX = 64;

function judge(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return names.has(name) || name.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) || /^(\[)?::ffff:127\./.test(name);
}

/** Whether a host name or address is loopback: `localhost`, `*.localhost`, 127.0.0.0/8, `::1` (bracketed or not). */
export function isLoopbackName(host: string): boolean {
  const known = seen.get(host);
  if (known !== undefined) return known;
  const loopback = judge(host);
  if (seen.size >= SEEN_MAX) seen.clear();
  seen.set(host, loopback);
  return loopback;
}
