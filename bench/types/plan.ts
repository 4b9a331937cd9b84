/**
 * The generated app both projects render: 300 routes (top-level GETs with one or two path params, POSTs with a JSON
 * Schema body and response schema, POSTs with a zod body, and groups of five under a prefix with a param), and the
 * ~50 of them the client calls. Every route has its own field names, so no two routes share a type.
 */

/** What a route is, as both renderers read it. */
export type RouteKind =
  | 'get'
  | 'get2'
  | 'post-json'
  | 'post-zod'
  | 'group-list'
  | 'group-get'
  | 'group-post-json'
  | 'group-post-zod'
  | 'group-delete';

/**
 * One route of the plan: `i` makes its path and field names unique; `group` is its group's number (grouped kinds);
 * `section` is the number of the plain group (`/s<n>`) a top-level kind is registered in (grouped plan).
 */
export interface PlannedRoute {
  i: number;
  kind: RouteKind;
  group?: number;
  section?: number;
}

/** One group of the plan: its number and its routes; `section` for a plain group (`/s<n>`) of top-level kinds. */
export interface PlannedGroup {
  group: number;
  routes: PlannedRoute[];
  section?: boolean;
}

/** The app in registration order: a top-level route, or a group of routes. */
export type PlanItem = PlannedRoute | PlannedGroup;

const topCycle: RouteKind[] = ['get', 'post-json', 'get2', 'post-zod', 'get', 'post-json', 'get2', 'get'];
const groupKinds: RouteKind[] = ['group-list', 'group-get', 'group-post-json', 'group-post-zod', 'group-delete'];

/** The app's routes: `groups` groups of five spread evenly among the top-level routes, `total` routes in all. */
export function routePlan(total: number, groups: number): PlanItem[] {
  const topLevel = total - groups * groupKinds.length;
  const every = Math.floor(topLevel / groups);
  const items: PlanItem[] = [];
  let i = 0;
  let group = 0;
  for (let top = 0; top < topLevel; top++) {
    items.push({ i: i++, kind: topCycle[top % topCycle.length] });
    if ((top + 1) % every === 0 && group < groups) {
      const g = group++;
      items.push({ group: g, routes: groupKinds.map((kind) => ({ i: i++, kind, group: g })) });
    }
  }
  return items;
}

/**
 * The same route mix split into plain groups of `size` routes (`/s<n>`, no param), each registered with its own
 * chain and returned to the app: how a large app is usually split (a file per resource).
 */
export function groupedPlan(total: number, size: number): PlanItem[] {
  const items: PlanItem[] = [];
  for (let start = 0, section = 0; start < total; start += size, section++) {
    const routes = Array.from({ length: Math.min(size, total - start) }, (_, k) => ({
      i: start + k,
      kind: topCycle[(start + k) % topCycle.length],
      section,
    }));
    items.push({ group: section, routes, section: true });
  }
  return items;
}

/** The path prefix of a route registered in a plain group of the grouped plan ('' for the others). */
export const sectionPrefix = (r: PlannedRoute): string => (r.section === undefined ? '' : `/s${r.section}`);

/** Every route of the plan, groups flattened. */
export function allRoutes(plan: PlanItem[]): PlannedRoute[] {
  return plan.flatMap((item) => ('routes' in item ? item.routes : [item]));
}

/** The routes the client calls: every `step`-th route, so each kind is called. */
export function calledRoutes(plan: PlanItem[], step: number): PlannedRoute[] {
  return allRoutes(plan).filter((_, index) => index % step === 0);
}
