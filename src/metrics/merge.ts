import type { InstanceDoc } from './instance-doc';
import { addColdStartSlot, addRouteSlot, emptyColdStartSlot, emptyRouteSlot } from './slot';
import type { ColdStartSeries, ColdStartSlot, InstanceInfo, MetricsView, RouteSeries, RouteSlot } from './types';

/** The window a view covers: `slots` slots of `slotMs`, ending with the end of the slot `now` falls in. */
export interface ViewWindow {
  slotMs: number;
  slots: number;
  now: number;
}

interface Acc<S> {
  bySlot: Map<number, S>;
  lifetime: S;
}

/** Adds `slots` (those within [from, to)) and `lifetime` into an accumulator. */
function accumulate<S extends { t: number }>(
  acc: Acc<S>,
  slots: S[],
  lifetime: S,
  from: number,
  to: number,
  empty: (t: number) => S,
  add: (into: S, from: S) => void,
): void {
  add(acc.lifetime, lifetime);
  for (const slot of slots) {
    if (slot.t < from || slot.t >= to) continue;
    let into = acc.bySlot.get(slot.t);
    if (into === undefined) acc.bySlot.set(slot.t, (into = empty(slot.t)));
    add(into, slot);
  }
}

/** The slots of an accumulator, oldest first, and their sum as `total` (starting at `from`). */
function series<S extends { t: number }>(acc: Acc<S>, from: number, empty: (t: number) => S, add: (into: S, from: S) => void) {
  const slots = [...acc.bySlot.values()].sort((a, b) => a.t - b.t);
  const total = empty(from);
  for (const slot of slots) add(total, slot);
  return { total, slots, lifetime: acc.lifetime };
}

/** Whether an instance's document belongs in the window: same slot length, and written within the window. */
function current(doc: InstanceDoc, window: ViewWindow, from: number): boolean {
  return doc.slotMs === window.slotMs && doc.lastSeen >= from;
}

/** The documents of instances merged into one view: slots with the same start add up, as do histograms. */
export function mergeDocs(docs: InstanceDoc[], window: ViewWindow): MetricsView {
  const { slotMs, slots, now } = window;
  const to = now - (now % slotMs) + slotMs;
  const from = to - slots * slotMs;
  const routes = new Map<string, Acc<RouteSlot> & { method: string; route: string }>();
  const colds = new Map<string, Acc<ColdStartSlot> & { target: string }>();
  const instances: InstanceInfo[] = [];
  for (const doc of docs) {
    if (!current(doc, window, from)) continue;
    let requests = 0;
    let errors = 0;
    for (const r of doc.routes) {
      const key = `${r.method} ${r.route}`;
      let acc = routes.get(key);
      if (acc === undefined) routes.set(key, (acc = { method: r.method, route: r.route, bySlot: new Map(), lifetime: emptyRouteSlot(0) }));
      accumulate(acc, r.slots, r.lifetime, from, to, emptyRouteSlot, addRouteSlot);
      for (const s of r.slots)
        if (s.t >= from && s.t < to) {
          requests += s.count;
          errors += s.status['5xx'];
        }
    }
    for (const c of doc.coldStarts) {
      let acc = colds.get(c.target);
      if (acc === undefined) colds.set(c.target, (acc = { target: c.target, bySlot: new Map(), lifetime: emptyColdStartSlot(0) }));
      accumulate(acc, c.slots, c.lifetime, from, to, emptyColdStartSlot, addColdStartSlot);
    }
    instances.push({
      id: doc.id,
      target: doc.target,
      startedAt: doc.startedAt,
      lastSeen: doc.lastSeen,
      requests,
      errorRate: requests === 0 ? 0 : errors / requests,
    });
  }
  const routeSeries: RouteSeries[] = [...routes.values()]
    .map((acc) => ({ method: acc.method, route: acc.route, ...series(acc, from, emptyRouteSlot, addRouteSlot) }))
    .sort((a, b) => (a.route === b.route ? cmp(a.method, b.method) : cmp(a.route, b.route)));
  const coldStarts: ColdStartSeries[] = [...colds.values()]
    .map((acc) => ({ target: acc.target, ...series(acc, from, emptyColdStartSlot, addColdStartSlot) }))
    .sort((a, b) => cmp(a.target, b.target));
  instances.sort((a, b) => cmp(a.id, b.id));
  return { slotMs, from, to, instances, routes: routeSeries, coldStarts };
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
