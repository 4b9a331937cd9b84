/** Browser side of live reload: listens to the `fw dev` / HotReloader stream and reloads the page on `reload`. */

/** Connects to `http://<hostname>:<port>/__fw/hmr`; calls `onReload` (default: reload the page) per event; returns a disconnect function. */
export function connectHMR(port: number, options: { hostname?: string; onReload?: (module: string | null) => void } = {}): () => void {
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new TypeError(`connectHMR: ${String(port)} is not a port`);
  const source = new EventSource(`http://${options.hostname ?? '127.0.0.1'}:${port}/__fw/hmr`);
  source.addEventListener('reload', (event) => {
    const module = (JSON.parse((event as MessageEvent<string>).data) as { module: string | null }).module;
    if (options.onReload) options.onReload(module);
    else location.reload();
  });
  return () => source.close();
}
