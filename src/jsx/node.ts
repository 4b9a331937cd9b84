/** The element tree the JSX runtime builds: plain objects, rendered later by renderToString or renderToStream. */

/** Marks an element object (so a plain object child is never mistaken for one). */
export const elementTag = Symbol.for('fw.jsx.element');
/** Marks HTML that must not be escaped (`raw(html)`). */
export const rawTag = Symbol.for('fw.jsx.raw');

/** `<>...</>`: renders its children without a wrapper. */
export function Fragment(props: { children?: Child }): Child {
  return props.children;
}

/** A component: a function of props returning children, or a promise of them (async components). */
export type Component<P = Record<string, unknown>> = (props: P) => Child | Promise<Child>;

/** One element: an HTML tag or a component, its props (children included) and key. */
export interface Element {
  $$typeof: typeof elementTag;
  type: string | Component<any>;
  props: Record<string, unknown>;
  key: string | number | null;
}

/** HTML that is emitted as is. */
export interface RawHTML {
  $$typeof: typeof rawTag;
  html: string;
}

/** Anything that can appear as a child. */
export type Child = Element | RawHTML | string | number | bigint | boolean | null | undefined | Promise<Child> | Child[];

/** Wraps trusted HTML so renderers emit it without escaping (never pass user input). */
export function raw(html: string): RawHTML {
  return { $$typeof: rawTag, html: String(html) };
}

/** True for an element object made by `jsx()`. */
export function isElement(value: unknown): value is Element {
  return typeof value === 'object' && value !== null && (value as Element).$$typeof === elementTag;
}

/** True for a `raw()` value. */
export function isRaw(value: unknown): value is RawHTML {
  return typeof value === 'object' && value !== null && (value as RawHTML).$$typeof === rawTag;
}
