/** Browser side of islands: runs client functions on server-rendered elements, and reads the props the server embedded. */

/** A client function for an island: attaches behaviour to the server-rendered element; may return a cleanup function. */
export type IslandClient<P = Record<string, unknown>> = (element: HTMLElement, props: P) => void | (() => void);

const hydrated = new WeakSet<Element>();

/** Runs `client` on `element` with `props` once (a second call on the same element does nothing); returns its cleanup, if any. */
export function hydrate<P>(element: HTMLElement, client: IslandClient<P>, props: P): (() => void) | undefined {
  if (hydrated.has(element)) return undefined;
  hydrated.add(element);
  return client(element, props) ?? undefined;
}

/** Hydrates every `<fw-island>` under `root` (default document) with the client of its name; returns how many ran and which names were unknown. */
export function hydrateIslands(
  clients: Record<string, IslandClient<any>>,
  root: ParentNode = document,
): { hydrated: number; missing: string[] } {
  let count = 0;
  const missing = new Set<string>();
  for (const element of root.querySelectorAll<HTMLElement>('fw-island[data-island]')) {
    const name = element.dataset.island ?? '';
    const client = clients[name];
    if (!client) {
      missing.add(name);
      continue;
    }
    if (hydrated.has(element)) continue;
    let props: Record<string, unknown>;
    try {
      props = JSON.parse(element.dataset.props ?? '{}');
    } catch {
      throw new Error(`hydrateIslands: the props of island "${name}" are not JSON`);
    }
    hydrate(element, client, props);
    count++;
  }
  return { hydrated: count, missing: [...missing] };
}

/** The props the server embedded with `<PageProps props={…} />` (undefined when the page has none). */
export function getPageProps<T = unknown>(doc: Document = document): T | undefined {
  const script = doc.getElementById('__FW_PAGE_PROPS__');
  if (!script?.textContent) return undefined;
  return JSON.parse(script.textContent) as T;
}
