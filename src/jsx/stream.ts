/** `renderToStream`: HTML as a ReadableStream: the shell in order as its parts resolve, then each Suspense boundary's content. */
import { escapeHTML } from './escape';
import type { Child } from './node';
import { renderChild, type Boundary, type RenderState, type Segments } from './render';

/** Options of renderToStream. */
export interface RenderStreamOptions {
  /** CSP nonce put on the inline scripts that swap Suspense content in. */
  nonce?: string;
  /** Called with the error of a Suspense boundary that failed (its fallback stays) or of the shell (the stream errors). */
  onError?: (error: unknown) => void;
}

const swapScript =
  "function __fwSwap(n){var t=document.getElementById('fw-s-'+n),r=document.getElementById('fw-r-'+n);if(!t||!r)return;var p=t.parentNode,x=t.nextSibling;while(x&&!(x.nodeType===8&&x.data==='/fw-s-'+n)){var y=x.nextSibling;p.removeChild(x);x=y}if(x)p.removeChild(x);p.replaceChild(r.content,t);r.remove()}";

interface Settled {
  boundary: Boundary;
  ok: boolean;
  html: string;
  error?: unknown;
}

function settle(boundary: Boundary): Promise<Settled> {
  return boundary.html.then(
    (html) => ({ boundary, ok: true, html }),
    (error: unknown) => ({ boundary, ok: false, html: '', error }),
  );
}

/** Streams an element tree as UTF-8 HTML; async parts outside Suspense are awaited in order, boundaries arrive as they resolve. */
export function renderToStream(node: Child, options: RenderStreamOptions = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const state: RenderState = { streaming: true, boundaries: [], nextId: 0 };
  const nonce = options.nonce ? ` nonce="${escapeHTML(options.nonce)}"` : '';
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (html: string) => {
        if (!cancelled && html !== '') controller.enqueue(encoder.encode(html));
      };
      try {
        const shell: Segments = [];
        renderChild(node, state, shell);
        let ready = '';
        for (const segment of shell) {
          if (typeof segment === 'string') {
            ready += segment;
            continue;
          }
          send(ready);
          ready = await segment;
        }
        send(ready);
      } catch (error) {
        options.onError?.(error);
        if (!cancelled) controller.error(error);
        return;
      }
      if (state.boundaries.length > 0) send(`<script${nonce}>${swapScript}</script>`);
      const waiting = new Map(state.boundaries.map((b) => [b.id, settle(b)]));
      while (waiting.size > 0 && !cancelled) {
        const { boundary, ok, html, error } = await Promise.race(waiting.values());
        waiting.delete(boundary.id);
        if (!ok) options.onError?.(error);
        else send(`<template id="fw-r-${boundary.id}">${html}</template><script${nonce}>__fwSwap(${boundary.id})</script>`);
      }
      if (!cancelled) controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
}
