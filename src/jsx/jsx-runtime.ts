/** `fw/jsx-runtime`: the automatic JSX runtime (`"jsx": "react-jsx"`, `"jsxImportSource": "fw"`), building element objects for fw's renderers. */
import { elementTag, Fragment, type Child, type Component, type Element } from './node';

/** Makes an element (called by compiled JSX for elements with zero or one child). */
export function jsx(type: string | Component<any>, props: Record<string, unknown> | null, key?: string | number | null): Element {
  if (typeof type !== 'string' && typeof type !== 'function')
    throw new TypeError(`JSX: element type must be a tag name or a component function, got ${type === null ? 'null' : typeof type}`);
  return { $$typeof: elementTag, type, props: props ?? {}, key: key ?? null };
}

/** Makes an element with several static children (the same as jsx here). */
export const jsxs = jsx;

/** The development form compilers emit with `jsxDev` (extra source arguments are ignored). */
export function jsxDEV(type: string | Component<any>, props: Record<string, unknown> | null, key?: string | number | null): Element {
  return jsx(type, props, key);
}

export { Fragment };

/** The JSX types of fw: any HTML tag with any attributes; components may be async. */
export namespace JSX {
  export type Element = import('./node').Element;
  export type ElementType = string | ((props: any) => Child | Promise<Child>);
  export interface ElementChildrenAttribute {
    children: {};
  }
  export interface IntrinsicAttributes {
    key?: string | number | null;
  }
  export interface IntrinsicElements {
    [tag: string]: Record<string, unknown>;
  }
}
