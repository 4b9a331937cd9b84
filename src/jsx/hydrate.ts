/** Browser side of islands: runs client functions on server-rendered elements, and reads the props the server embedded. */

/** The parts of the DOM islands read, declared here so a worker-only project (no DOM lib) type-checks fw's declarations. */
interface IslandNode {
  readonly dataset: { readonly [key: string]: string | undefined };
}

/** The element an island client gets: the DOM's `HTMLElement` where the DOM lib is loaded, the parts islands read elsewhere. */
export type IslandElement = typeof globalThis extends { HTMLElement: { prototype: infer E } } ? E : IslandNode;

/** What `hydrateIslands` searches: the document or any element (`ParentNode` in the DOM lib). */
export interface IslandRoot {
  querySelectorAll(selectors: string): Iterable<unknown>;
}

/** What `getPageProps` reads the embedded props from: the document. */
export interface PropsDocument {
  getElementById(id: string): { readonly textContent: string | null } | null;
}

/** A client function for an island: attaches behaviour to the server-rendered element; may return a cleanup function. */
export type IslandClient<P = Record<string, unknown>> = (element: IslandElement, props: P) => void | (() => void);

const hydrated = new WeakSet<object>();

/** Runs `client` on `element` with `props` once (a second call on the same element does nothing); returns its cleanup, if any. */
export function hydrate<P>(element: IslandElement, client: IslandClient<P>, props: P): (() => void) | undefined {
  if (hydrated.has(element)) return undefined;
  hydrated.add(element);
  return client(element, props) ?? undefined;
}

/** Hydrates every `<fw-island>` under `root` (default document) with the client of its name; returns how many ran and which names were unknown. */
export function hydrateIslands(
  clients: Record<string, IslandClient<any>>,
  root: IslandRoot = document,
): { hydrated: number; missing: string[] } {
  let count = 0;
  const missing = new Set<string>();
  for (const found of root.querySelectorAll('fw-island[data-island]')) {
    const element = found as HTMLElement;
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
export function getPageProps<T = unknown>(doc: PropsDocument = document): T | undefined {
  const script = doc.getElementById('__FW_PAGE_PROPS__');
  if (!script?.textContent) return undefined;
  return JSON.parse(script.textContent) as T;
}
