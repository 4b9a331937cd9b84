/** Rendering: the JSX runtime's element tree to HTML, as a string or a stream with Suspense boundaries. */
export { jsx, jsxs, Fragment } from './jsx-runtime';
export { raw, isElement, type Child, type Component, type Element as JSXElement, type RawHTML } from './node';
export { renderToString } from './render';
export { renderToStream, type RenderStreamOptions } from './stream';
export { Suspense, type SuspenseProps } from './suspense';
export { Island, PageProps, htmlSafeJSON, type IslandProps } from './islands';
export {
  hydrate,
  hydrateIslands,
  getPageProps,
  type IslandClient,
  type IslandElement,
  type IslandRoot,
  type PropsDocument,
} from './hydrate';
export { connectHMR } from './hmr-client';
