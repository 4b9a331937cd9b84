/** Server side of islands and page props: marks where client code attaches, and embeds props for `getPageProps()`. */
import { jsx } from './jsx-runtime';
import { raw, type Child, type Element } from './node';

/** Props of Island: the client-side name, the props handed to the client, and the server-rendered content. */
export interface IslandProps {
  name: string;
  props?: Record<string, unknown>;
  children?: Child;
}

const islandName = /^[A-Za-z][\w-]*$/;

/** JSON that is safe inside HTML (no `</script>` or comment breakouts). */
export function htmlSafeJSON(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Wraps server-rendered content in `<fw-island>` so `hydrateIslands()` runs the named client function on it with `props`. */
export function Island({ name, props = {}, children }: IslandProps): Element {
  if (typeof name !== 'string' || !islandName.test(name))
    throw new TypeError(`Island: name must be letters, digits, _ or - (got ${JSON.stringify(name)})`);
  return jsx('fw-island', { 'data-island': name, 'data-props': JSON.stringify(props), children });
}

/** Embeds the page's props as JSON for `getPageProps()` in the browser. */
export function PageProps({ props }: { props: unknown }): Element {
  return jsx('script', { type: 'application/json', id: '__FW_PAGE_PROPS__', children: raw(htmlSafeJSON(props)) });
}
