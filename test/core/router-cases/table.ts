/**
 * Case tables for the router: routes, requests and fw's expected answer, run against the Router (fetch-table.ts
 * runs them through `app.fetch`). Peers' cases are rewritten into these tables; where fw deliberately answers
 * otherwise than the peer, `differs` says why in one line.
 */
import { describe, expect, it } from 'vitest';
import { Router, type RouteSyntax } from '../../../src/core/router';
import { parsePattern } from '../../../src/core/route-pattern';
import { fullRouteSyntax } from '../../../src/core/route-syntax';
import { walkTrie } from '../../../src/core/trie-walk';

/** The route that answers (as written in `routes`) and its params; null when no route answers. */
export type Answer = [route: string, params?: Record<string, string>] | null;

/** One case: routes registered in order, then requests and fw's answer to each. */
export interface RouterCase {
  name: string;
  /** "METHOD /pattern", or the pattern alone for GET. */
  routes: string[];
  /** "METHOD /path", or "/path" for GET, with the expected answer. */
  requests: [request: string, answer: Answer][];
  /** Registrations the router refuses (tried after `routes`), with a piece of the error message. */
  refused?: [route: string, error: string][];
  /** Why fw answers differently from the peer the case comes from. */
  differs?: string;
}

/** Splits "METHOD /path" (a method has no "/") from a bare path, which means GET. */
export function split(written: string): [method: string, path: string] {
  const found = /^([^/ ]+) (.*)$/.exec(written);
  return found ? [found[1], found[2]] : ['GET', written];
}

function routerOf(routes: string[], syntax: RouteSyntax | undefined): Router<string> {
  const router = new Router<string>(syntax);
  for (const written of routes) {
    const [method, path] = split(written);
    router.add(method, path, written);
  }
  return router;
}

/** Expects each refused registration to throw with its message piece. */
export function checkRefusals(routes: string[], refused: [string, string][], register: (method: string, path: string) => void): void {
  for (const [written, error] of refused) {
    const [method, path] = split(written);
    expect(() => register(method, path), `${written} after ${routes.join(', ')}`).toThrow(error);
  }
}

/** Whether the kernel reads a written route without the full syntax (fw/core's own syntax). */
function kernelReads(written: string): boolean {
  try {
    parsePattern(split(written)[1]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs each case against a fresh Router: the registrations, the refusals, then each request's answer. Through the
 * full syntax's RegExps (fw's router), and again through the kernel's trie walk (fw/core's) when the kernel reads
 * every route of the case.
 */
export function runRouterCases(title: string, cases: RouterCase[]): void {
  const plain = cases.filter((c) => c.routes.every(kernelReads));
  const matchers: [string, RouteSyntax | undefined, RouterCase[]][] = [['RegExp matcher', fullRouteSyntax, cases]];
  if (plain.length > 0) matchers.push(['trie walk', { ...fullRouteSyntax, compile: walkTrie }, plain]);
  describe.each(matchers)(`${title} (%s)`, (_, syntax, table) => {
    it.each(table)('$name', ({ routes, requests, refused = [] }) => {
      const router = routerOf(routes, syntax);
      checkRefusals(routes, refused, (method, path) => router.add(method, path, 'refused'));
      for (const [request, answer] of requests) {
        const [method, path] = split(request);
        const found = router.match(method, path);
        const got: Answer =
          found &&
          (Object.keys(found.params).length === 0 && answer?.[1] === undefined ? [found.value] : [found.value, { ...found.params }]);
        expect(got, request).toEqual(answer);
      }
    });
  });
}
