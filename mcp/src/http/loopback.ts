const names = new Set(['localhost', '::1', '[::1]', '0:0:0:0:0:0:0:1']);

/** Whether a host name or address is loopback: `localhost`, `*.localhost`, 127.0.0.0/8, `::1` (bracketed or not). */
export function isLoopbackName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return names.has(name) || name.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) || /^(\[)?::ffff:127\./.test(name);
}
