/** Walks an element tree into HTML segments: strings ready now and promises for async parts (async components, Suspense). */
import { renderAttributes } from './attributes';
import { assertName, escapeHTML } from './escape';
import { isElement, isRaw, type Child, type Element } from './node';
import { Suspense, type SuspenseProps } from './suspense';

const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** HTML in order: strings, and promises of strings for the parts still being computed. */
export type Segments = (string | Promise<string>)[];

/** A Suspense boundary whose content streams after the shell. */
export interface Boundary {
  id: number;
  html: Promise<string>;
}

/** Per-render state: streaming mode gives Suspense boundaries a fallback; string mode awaits them inline. */
export interface RenderState {
  streaming: boolean;
  boundaries: Boundary[];
  nextId: number;
}

function pending(promise: Promise<string>): Promise<string> {
  promise.catch(() => {});
  return promise;
}

/** Renders a whole subtree to one string, awaiting every async part. */
export async function collect(child: Child, state: RenderState): Promise<string> {
  const out: Segments = [];
  renderChild(child, state, out);
  return (await Promise.all(out)).join('');
}

function renderSuspense(props: SuspenseProps, state: RenderState, out: Segments): void {
  const content: Segments = [];
  renderChild(props.children, state.streaming ? { streaming: false, boundaries: [], nextId: 0 } : state, content);
  if (!state.streaming || content.every((s) => typeof s === 'string')) {
    out.push(...content);
    return;
  }
  const id = state.nextId++;
  state.boundaries.push({ id, html: pending(Promise.all(content).then((parts) => parts.join(''))) });
  out.push(`<template id="fw-s-${id}"></template>`);
  renderChild(props.fallback, state, out);
  out.push(`<!--/fw-s-${id}-->`);
}

function renderElement(element: Element, state: RenderState, out: Segments): void {
  const { type, props } = element;
  if (type === Suspense) return renderSuspense(props as SuspenseProps, state, out);
  if (typeof type === 'function') {
    const result = type(props);
    if (result instanceof Promise) out.push(pending(result.then((child) => collect(child, state))));
    else renderChild(result, state, out);
    return;
  }
  assertName('tag', type);
  out.push(`<${type}${renderAttributes(props)}>`);
  const inner = props.dangerouslySetInnerHTML as { __html?: unknown } | undefined;
  if (voidElements.has(type.toLowerCase())) {
    if (props.children !== undefined || inner !== undefined)
      throw new TypeError(`JSX: <${type}> is a void element and cannot have children`);
    return;
  }
  if (inner !== undefined) {
    if (props.children !== undefined) throw new TypeError(`JSX: <${type}> has both children and dangerouslySetInnerHTML`);
    out.push(String(inner.__html ?? ''));
  } else {
    renderChild(props.children as Child, state, out);
  }
  out.push(`</${type}>`);
}

/** Appends the HTML of one child to `out`; throws a TypeError for values that are not renderable (plain objects, functions). */
export function renderChild(child: Child, state: RenderState, out: Segments): void {
  if (child === null || child === undefined || typeof child === 'boolean') return;
  if (typeof child === 'string') out.push(escapeHTML(child));
  else if (typeof child === 'number' || typeof child === 'bigint') out.push(String(child));
  else if (Array.isArray(child)) for (const c of child) renderChild(c, state, out);
  else if (child instanceof Promise) out.push(pending(child.then((c) => collect(c, state))));
  else if (isRaw(child)) out.push(child.html);
  else if (isElement(child)) renderElement(child, state, out);
  else throw new TypeError(`JSX: cannot render ${typeof child === 'function' ? 'a function' : 'a plain object'} as a child`);
}

/** Renders an element tree to an HTML string, awaiting async components and Suspense content. */
export function renderToString(node: Child): Promise<string> {
  return collect(node, { streaming: false, boundaries: [], nextId: 0 });
}
