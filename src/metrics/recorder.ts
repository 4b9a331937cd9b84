import type { DocColdStarts, DocRoute, InstanceDoc } from './instance-doc';
import { addColdStartSlot, addRouteSlot, countAnswer, countColdStart, emptyColdStartSlot, emptyRouteSlot } from './slot';
import type { ColdStartSlot, RouteSlot } from './types';

/** The route every unmatched request counts under, and the one routes past `maxRoutes` fold into. */
export const UNMATCHED_ROUTE = '(unmatched)';
export const OTHER_ROUTE = '(other)';

interface Series<S extends { t: number }> {
  /** Slots in the window, oldest first; the last one may be the live slot. */
  slots: S[];
  /** The slots that left the window, added up (with the window's slots: the counts since the instance started). */
  retired: S;
}

interface RouteState extends Series<RouteSlot> {
  method: string;
  route: string;
  live: RouteSlot | null;
}

interface ColdStartState extends Series<ColdStartSlot> {
  target: string;
}

/** Settings a recorder needs. */
export interface RecorderSettings {
  slotMs: number;
  slots: number;
  maxRoutes: number;
}

/**
 * One app's request and cold-start metrics in this instance, in time slots over a retention window. Recording an
 * answer is two map lookups and a few additions (plus a wall-clock read with `record`, none with `recordAt` until its
 * slot ends); a slot is allocated once per route per slot, and memory is bounded by `maxRoutes` (+ `(other)`) times `slots`.
 */
export class MetricsRecorder {
  readonly slotMs: number;
  readonly slots: number;
  readonly maxRoutes: number;
  #id: string | null = null;
  target = 'unknown';
  /** Whether a cold start was recorded since the last snapshot (the next request then writes to the store at once). */
  coldStartPending = false;
  #startedAt = 0;
  #slotStart = 0;
  #slotEnd = 0;
  /** The `performance.now()` reading at which the current slot ends, as `recordAt` last mapped it onto the wall clock. */
  #slotEndAt = 0;
  #routeCount = 0;
  readonly #routes = new Map<string, Map<string, RouteState>>();
  readonly #coldStarts = new Map<string, ColdStartState>();

  constructor(settings: RecorderSettings) {
    this.slotMs = settings.slotMs;
    this.slots = settings.slots;
    this.maxRoutes = settings.maxRoutes;
  }

  /** This instance's id: the one the target gave (`identify`), else one drawn on first use (workers refuse random values at module scope). */
  get id(): string {
    this.#id ??= crypto.randomUUID();
    return this.#id;
  }

  /** When this instance first recorded something (ms since the epoch), or now. */
  get startedAt(): number {
    return this.#startedAt || Date.now();
  }

  /** Names the instance: its target and the id its cold-start statistics carry (the first id given wins). */
  identify(target: string, id: string): void {
    this.target = target;
    this.#id ??= id;
  }

  /** Counts one answer of `method` + route pattern (`(unmatched)` when no route matched) with its status and latency; returns now (epoch ms). */
  record(method: string, route: string, status: number, ms: number): number {
    const now = Date.now();
    if (now >= this.#slotEnd) this.#advance(now);
    this.#count(method, route, status, ms);
    return now;
  }

  /**
   * Counts one answer as `record` does, `at` being a `performance.now()` reading of its end: the wall clock is read
   * only once `at` passes the end of the slot it was last read in (a request's clock reads are its latency's two).
   */
  recordAt(method: string, route: string, status: number, ms: number, at: number): void {
    if (at >= this.#slotEndAt) {
      const now = Date.now();
      if (now >= this.#slotEnd) this.#advance(now);
      this.#slotEndAt = at + this.#slotEnd - now;
    }
    this.#count(method, route, status, ms);
  }

  /** Counts this instance's cold start on `target`: init (start to ready) and first-invocation durations in ms. */
  recordColdStart(target: string, initMs: number, firstMs: number): void {
    const now = Date.now();
    if (now >= this.#slotEnd) this.#advance(now);
    this.target = target;
    this.coldStartPending = true;
    let state = this.#coldStarts.get(target);
    if (state === undefined) this.#coldStarts.set(target, (state = { target, slots: [], retired: emptyColdStartSlot(0) }));
    const last = state.slots[state.slots.length - 1];
    const slot = last !== undefined && last.t === this.#slotStart ? last : this.#open(state, emptyColdStartSlot, addColdStartSlot);
    countColdStart(slot, Math.max(0, initMs), Math.max(0, firstMs));
  }

  /** This instance's metrics over the window ending with the slot of `now`: what it writes to the store. */
  snapshot(now = Date.now()): InstanceDoc {
    if (now >= this.#slotEnd) this.#advance(now);
    this.coldStartPending = false;
    const routes: DocRoute[] = [];
    for (const byRoute of this.#routes.values())
      for (const state of byRoute.values()) {
        this.#trim(state, addRouteSlot);
        routes.push({
          method: state.method,
          route: state.route,
          slots: state.slots.map(copyRouteSlot),
          lifetime: lifetimeOf(state, emptyRouteSlot, addRouteSlot),
        });
      }
    const coldStarts: DocColdStarts[] = [];
    for (const state of this.#coldStarts.values()) {
      this.#trim(state, addColdStartSlot);
      coldStarts.push({
        target: state.target,
        slots: state.slots.map(copyColdStartSlot),
        lifetime: lifetimeOf(state, emptyColdStartSlot, addColdStartSlot),
      });
    }
    return { v: 1, id: this.id, target: this.target, startedAt: this.startedAt, lastSeen: now, slotMs: this.slotMs, routes, coldStarts };
  }

  /** Start of the slot `now` falls in. */
  slotOf(now: number): number {
    return now - (now % this.slotMs);
  }

  #count(method: string, route: string, status: number, ms: number): void {
    const state = this.#route(method, route);
    let slot = state.live;
    if (slot === null || slot.t !== this.#slotStart) slot = state.live = this.#open(state, emptyRouteSlot, addRouteSlot);
    countAnswer(slot, status, ms);
  }

  #advance(now: number): void {
    if (this.#startedAt === 0) this.#startedAt = now;
    this.#slotStart = this.slotOf(now);
    this.#slotEnd = this.#slotStart + this.slotMs;
  }

  #route(method: string, route: string): RouteState {
    const found = this.#routes.get(method)?.get(route);
    if (found !== undefined) return found;
    if (this.#routeCount < this.maxRoutes) {
      this.#routeCount++;
      return this.#add(method, route);
    }
    return this.#routes.get('*')?.get(OTHER_ROUTE) ?? this.#add('*', OTHER_ROUTE);
  }

  #add(method: string, route: string): RouteState {
    let byRoute = this.#routes.get(method);
    if (byRoute === undefined) this.#routes.set(method, (byRoute = new Map()));
    const state: RouteState = { method, route, slots: [], retired: emptyRouteSlot(0), live: null };
    byRoute.set(route, state);
    return state;
  }

  /** Appends the slot of now to a series, moving slots that left the window into its retired counts. */
  #open<S extends { t: number }>(state: Series<S>, empty: (t: number) => S, add: (into: S, from: S) => void): S {
    const slot = empty(this.#slotStart);
    state.slots.push(slot);
    this.#trim(state, add);
    return slot;
  }

  #trim<S extends { t: number }>(state: Series<S>, add: (into: S, from: S) => void): void {
    const oldest = this.#slotStart - (this.slots - 1) * this.slotMs;
    while (state.slots.length > 0 && state.slots[0].t < oldest) add(state.retired, state.slots.shift()!);
  }
}

function lifetimeOf<S extends { t: number }>(state: Series<S>, empty: (t: number) => S, add: (into: S, from: S) => void): S {
  const total = empty(0);
  add(total, state.retired);
  for (const slot of state.slots) add(total, slot);
  return total;
}

function copyRouteSlot(s: RouteSlot): RouteSlot {
  return { t: s.t, count: s.count, status: { ...s.status }, buckets: s.buckets.slice(), sumMs: s.sumMs };
}

function copyColdStartSlot(s: ColdStartSlot): ColdStartSlot {
  return { ...s, initBuckets: s.initBuckets.slice(), firstBuckets: s.firstBuckets.slice() };
}
