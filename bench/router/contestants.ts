/**
 * The routers under test, each behind the same two calls: build from a route table, then look up (method, path).
 * Each contestant imports only its own library when loaded, so a measuring process does not pay for the others' imports.
 */
import type { Router, RouteSyntax } from 'fw/core';
import type { RegExpRouter } from 'hono/router/reg-exp-router';
import type { TrieRouter } from 'hono/router/trie-router';
import type { RouteDef } from './routes';

/** What a lookup answers, normalized so every router can be checked the same way. */
export interface Answer {
  route: string;
  params: Record<string, string>;
}

/** A built router: `lookup` is what is timed, `answer` normalizes a lookup's result for checking. */
export interface Built {
  lookup(method: string, path: string): unknown;
  answer(method: string, path: string): Answer | null;
}

type Factory = (routes: RouteDef[]) => Built;

const id = (r: RouteDef): string => `${r.method} ${r.path}`;

const ours =
  (FwRouter: typeof Router, syntax: RouteSyntax): Factory =>
  (routes) => {
    const router = new FwRouter<string>(syntax);
    for (const r of routes) router.add(r.method, r.path, id(r));
    return {
      lookup: (method, path) => router.match(method, path),
      answer: (method, path) => {
        const m = router.match(method, path);
        return m && { route: m.value, params: { ...m.params } };
      },
    };
  };

function hono(create: () => RegExpRouter<string> | TrieRouter<string>): Factory {
  return (routes) => {
    const router = create();
    for (const r of routes) router.add(r.method, r.path, id(r));
    return {
      lookup: (method, path) => router.match(method, path),
      answer: (method, path) => {
        const [handlers, stash] = router.match(method, path) as [[string, Record<string, string | number>][], string[] | undefined];
        if (handlers.length === 0) return null;
        const [route, map] = handlers[0];
        const params: Record<string, string> = {};
        for (const key in map) params[key] = stash ? stash[map[key] as number] : (map[key] as string);
        if (route.endsWith('/*')) params['*'] = path.slice(route.length - route.indexOf(' ') - 2);
        return { route, params };
      },
    };
  };
}

const findMyWay =
  (FindMyWay: typeof import('find-my-way')): Factory =>
  (routes) => {
    const router = FindMyWay();
    for (const r of routes) router.on(r.method as 'GET', r.path, () => undefined, { id: id(r) });
    return {
      lookup: (method, path) => router.find(method as 'GET', path),
      answer: (method, path) => {
        const found = router.find(method as 'GET', path);
        return found && { route: (found.store as { id: string }).id, params: { ...(found.params as Record<string, string>) } };
      },
    };
  };

const rou3 =
  ({ addRoute, createRouter, findRoute }: typeof import('rou3')): Factory =>
  (routes) => {
    const router = createRouter<string>();
    for (const r of routes) addRoute(router, r.method, r.path.endsWith('/*') ? `${r.path.slice(0, -1)}**:wild` : r.path, id(r));
    return {
      lookup: (method, path) => findRoute(router, method, path),
      answer: (method, path) => {
        const found = findRoute(router, method, path);
        if (!found) return null;
        const params: Record<string, string> = { ...(found.params ?? {}) };
        if ('wild' in params) {
          params['*'] = params.wild;
          delete params.wild;
        }
        return { route: found.data, params };
      },
    };
  };

/** itty-router's route table, matched the way its `fetch` matches: a linear scan over one RegExp per route. */
const itty =
  (IttyRouter: typeof import('itty-router').IttyRouter): Factory =>
  (routes) => {
    const router = IttyRouter();
    for (const r of routes)
      (router as unknown as Record<string, (path: string, handler: () => string) => void>)[r.method.toLowerCase()](r.path, () => id(r));
    const table = router.routes as unknown as [string, RegExp, (() => string)[], string][];
    const scan = (method: string, path: string): [RegExpMatchArray, () => string] | null => {
      for (const [m, pattern, handlers] of table) {
        if (m !== method && m !== 'ALL') continue;
        const match = path.match(pattern);
        if (match) return [match, handlers[0]];
      }
      return null;
    };
    return {
      lookup: scan,
      answer: (method, path) => {
        const found = scan(method, path);
        if (!found) return null;
        const route = found[1]();
        const params: Record<string, string> = { ...(found[0].groups ?? {}) };
        if (route.endsWith('/*')) params['*'] = path.slice(route.length - route.indexOf(' ') - 2);
        return { route, params };
      },
    };
  };

const regExpRouter = async () => (await import('hono/router/reg-exp-router')).RegExpRouter;
const trieRouter = async () => (await import('hono/router/trie-router')).TrieRouter;

/** Every contestant by name, loaded on demand; `fw` is ours, the others are measured against it. */
export const contestants: Record<string, () => Promise<Factory>> = {
  /** The router of every `new Fw()` app: the full route syntax, whose compiled RegExps match dynamic routes. */
  fw: async () => {
    const { Router, fullRouteSyntax } = await import('fw/core');
    return ours(Router, fullRouteSyntax);
  },
  'hono RegExpRouter': async () => {
    const HonoRegExp = await regExpRouter();
    return hono(() => new HonoRegExp<string>());
  },
  'hono TrieRouter': async () => {
    const HonoTrie = await trieRouter();
    return hono(() => new HonoTrie<string>());
  },
  'hono SmartRouter': async () => {
    const [{ SmartRouter }, HonoRegExp, HonoTrie] = await Promise.all([import('hono/router/smart-router'), regExpRouter(), trieRouter()]);
    return hono(() => new SmartRouter<string>({ routers: [new HonoRegExp<string>(), new HonoTrie<string>()] }));
  },
  'find-my-way': async () => findMyWay((await import('find-my-way')).default),
  rou3: async () => rou3(await import('rou3')),
  'itty-router': async () => itty((await import('itty-router')).IttyRouter),
};
