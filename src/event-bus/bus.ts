import { assertTopic, isPattern, segmentsMatch } from './topic';
import type { BusEvent, EventBusOptions, EventBusStats, EventHandler, PublishListener } from './types';

interface Subscription {
  handler: EventHandler;
  once: boolean;
}

interface PatternEntry {
  segments: string[];
  list: readonly Subscription[];
}

function reportToConsole(error: unknown, topic: string): void {
  console.error(`[fw event-bus] a handler of "${topic}" failed:`, error);
}

function assertHandler(handler: unknown): asserts handler is EventHandler {
  if (typeof handler !== 'function') throw new TypeError('An event-bus handler must be a function');
}

function assertEmittable(topic: unknown): asserts topic is string {
  assertTopic(topic);
  if (isPattern(topic)) throw new TypeError(`Cannot emit to the pattern "${topic}": emit to a concrete topic`);
}

/**
 * In-process topic publish/subscribe with wildcard patterns; a bridge can carry its events to other processes.
 * Handler lists are copy-on-write: (un)subscribing replaces a list, so an emit walks its list without copying it.
 */
export class EventBus {
  readonly name: string;
  readonly maxHandlersPerTopic: number;
  private readonly exact = new Map<string, readonly Subscription[]>();
  private readonly patterns = new Map<string, PatternEntry>();
  private readonly publishListeners = new Set<PublishListener>();
  private readonly onError: (error: unknown, topic: string) => void;
  private emitted = 0;

  constructor(options: EventBusOptions = {}) {
    const max = options.maxHandlersPerTopic ?? 1000;
    if (!Number.isInteger(max) || max <= 0)
      throw new TypeError(`EventBus maxHandlersPerTopic must be a positive integer, got ${String(max)}`);
    if (options.onError !== undefined && typeof options.onError !== 'function') throw new TypeError('EventBus onError must be a function');
    this.name = options.name ?? 'default';
    this.maxHandlersPerTopic = max;
    this.onError = options.onError ?? reportToConsole;
  }

  /** Subscribes to a topic or pattern (`user.*`, `user.**`); returns the unsubscribe function. */
  on<T = any>(topic: string, handler: EventHandler<T>): () => void {
    return this.subscribe(topic, handler, false);
  }

  /** Subscribes for the next matching event only; returns the unsubscribe function. */
  once<T = any>(topic: string, handler: EventHandler<T>): () => void {
    return this.subscribe(topic, handler, true);
  }

  /** Removes one handler from a topic, or every handler of the topic when none is given; true when something was removed. */
  off(topic: string, handler?: EventHandler): boolean {
    assertTopic(topic);
    const list = this.listOf(topic);
    if (!list) return false;
    if (handler === undefined) return this.drop(topic);
    const found = list.find((s) => s.handler === handler);
    if (!found) return false;
    this.remove(topic, found);
    return true;
  }

  /** Calls every matching handler now; handler errors (thrown or rejected) go to `onError`. Returns the handlers called. */
  emit<T = unknown>(topic: string, payload?: T): number {
    if (!this.exact.has(topic)) assertEmittable(topic); // a subscribed exact topic was checked by on()
    this.emitted++;
    const called = this.deliver(topic, payload, { topic, remote: false });
    for (const listener of this.publishListeners) {
      try {
        this.watch(listener(topic, payload), topic);
      } catch (error) {
        this.onError(error, topic);
      }
    }
    return called;
  }

  /** Calls every matching handler and waits for all of them (and for bridges to take the event); rejects when any handler failed. */
  async emitAsync<T = unknown>(topic: string, payload?: T): Promise<number> {
    assertEmittable(topic);
    this.emitted++;
    const event: BusEvent = { topic, remote: false };
    const runs = this.take(topic).map((s) => Promise.resolve().then(() => s.handler(payload, event)));
    const forwards = [...this.publishListeners].map((l) => Promise.resolve().then(() => l(topic, payload)));
    const results = await Promise.allSettled([...runs, ...forwards]);
    const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, `${errors.length} handlers of "${topic}" failed`);
    return runs.length;
  }

  /** Hands an event to matching handlers without forwarding it (bridges call this for events from other processes). */
  deliver(topic: string, payload: unknown, event: BusEvent): number {
    const list = this.exact.get(topic);
    if (list !== undefined && this.patterns.size === 0) {
      for (let i = 0; i < list.length; i++) {
        const s = list[i];
        if (s.once) this.remove(topic, s);
        this.call(s.handler, topic, payload, event);
      }
      return list.length;
    }
    const subscriptions = this.take(topic);
    for (const s of subscriptions) this.call(s.handler, topic, payload, event);
    return subscriptions.length;
  }

  /**
   * Like `deliver`, then waits until every handler's returned promise settled (failures go to `onError`): a bridge
   * acknowledges a remote event to its transport only after this resolves, so a crash mid-handler means a redelivery.
   */
  async deliverAndWait(topic: string, payload: unknown, event: BusEvent): Promise<number> {
    const subscriptions = this.take(topic);
    const running: Promise<unknown>[] = [];
    for (const s of subscriptions) {
      try {
        const result = s.handler(payload, event);
        if (result !== undefined && result !== null && typeof (result as Promise<unknown>).then === 'function') {
          running.push((result as Promise<unknown>).then(undefined, (error) => this.onError(error, topic)));
        }
      } catch (error) {
        this.onError(error, topic);
      }
    }
    if (running.length > 0) await Promise.all(running);
    return subscriptions.length;
  }

  /** Registers a listener for every local emit (what a bridge forwards); returns the function that removes it. */
  onPublish(listener: PublishListener): () => void {
    if (typeof listener !== 'function') throw new TypeError('onPublish needs a function');
    this.publishListeners.add(listener);
    return () => this.publishListeners.delete(listener);
  }

  /** Removes every handler of one topic, or of all topics. */
  clear(topic?: string): void {
    if (topic !== undefined) {
      this.drop(topic);
      return;
    }
    this.exact.clear();
    this.patterns.clear();
  }

  /** Whether an event on `topic` would reach a handler (a pattern key counts as itself). */
  has(topic: string): boolean {
    assertTopic(topic);
    if (this.listOf(topic)) return true;
    if (this.patterns.size === 0) return false;
    const segments = topic.split('.');
    for (const entry of this.patterns.values()) if (segmentsMatch(entry.segments, segments)) return true;
    return false;
  }

  /** Topics and patterns with handlers. */
  topics(): string[] {
    return [...this.exact.keys(), ...this.patterns.keys()];
  }

  /** `{ topics, handlers, emitted }`. */
  stats(): EventBusStats {
    let handlers = 0;
    for (const list of this.exact.values()) handlers += list.length;
    for (const entry of this.patterns.values()) handlers += entry.list.length;
    return { topics: this.exact.size + this.patterns.size, handlers, emitted: this.emitted };
  }

  private listOf(key: string): readonly Subscription[] | undefined {
    return isPattern(key) ? this.patterns.get(key)?.list : this.exact.get(key);
  }

  private drop(key: string): boolean {
    return isPattern(key) ? this.patterns.delete(key) : this.exact.delete(key);
  }

  private subscribe(topic: string, handler: EventHandler, once: boolean): () => void {
    assertTopic(topic);
    assertHandler(handler);
    const list = this.listOf(topic) ?? [];
    if (list.length >= this.maxHandlersPerTopic) {
      throw new Error(
        `EventBus "${this.name}": topic "${topic}" already has ${this.maxHandlersPerTopic} handlers (maxHandlersPerTopic); unsubscribe some or raise the limit`,
      );
    }
    const subscription: Subscription = { handler, once };
    this.replace(topic, [...list, subscription]);
    return () => this.remove(topic, subscription);
  }

  private replace(key: string, list: readonly Subscription[]): void {
    if (list.length === 0) this.drop(key);
    else if (isPattern(key)) this.patterns.set(key, { segments: key.split('.'), list });
    else this.exact.set(key, list);
  }

  private remove(key: string, subscription: Subscription): void {
    const list = this.listOf(key);
    if (list && list.includes(subscription))
      this.replace(
        key,
        list.filter((s) => s !== subscription),
      );
  }

  /** Matching subscriptions (exact first, then patterns in subscription order); `once` ones are removed. */
  private take(topic: string): Subscription[] {
    const matched: Subscription[] = [];
    const collect = (key: string, list: readonly Subscription[]) => {
      for (const s of list) {
        matched.push(s);
        if (s.once) this.remove(key, s);
      }
    };
    const list = this.exact.get(topic);
    if (list) collect(topic, list);
    if (this.patterns.size > 0) {
      const segments = topic.split('.');
      for (const [key, entry] of [...this.patterns]) if (segmentsMatch(entry.segments, segments)) collect(key, entry.list);
    }
    return matched;
  }

  /** Calls one handler; a throw or a rejection goes to `onError`. */
  private call(handler: EventHandler, topic: string, payload: unknown, event: BusEvent): void {
    try {
      this.watch(handler(payload, event), topic);
    } catch (error) {
      this.onError(error, topic);
    }
  }

  /** Reports the rejection of a returned promise, so none goes unhandled. */
  private watch(result: unknown, topic: string): void {
    if (result !== undefined && result !== null && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(undefined, (error) => this.onError(error, topic));
    }
  }
}
