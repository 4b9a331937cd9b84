import { assertTopic, isPattern, topicMatches } from './topic';
import type { BusEvent, EventBusOptions, EventBusStats, EventHandler, PublishListener } from './types';

interface Subscription {
  handler: EventHandler;
  once: boolean;
}

function reportToConsole(error: unknown, topic: string): void {
  console.error(`[fw event-bus] a handler of "${topic}" failed:`, error);
}

function assertHandler(handler: unknown): asserts handler is EventHandler {
  if (typeof handler !== 'function') throw new TypeError('An event-bus handler must be a function');
}

/** In-process topic publish/subscribe with wildcard patterns; a bridge can carry its events to other processes. */
export class EventBus {
  readonly name: string;
  readonly maxHandlersPerTopic: number;
  private readonly subscriptions = new Map<string, Subscription[]>();
  private readonly publishListeners = new Set<PublishListener>();
  private readonly onError: (error: unknown, topic: string) => void;
  private emitted = 0;

  constructor(options: EventBusOptions = {}) {
    const max = options.maxHandlersPerTopic ?? 1000;
    if (!Number.isInteger(max) || max <= 0) throw new TypeError(`EventBus maxHandlersPerTopic must be a positive integer, got ${String(max)}`);
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
    const list = this.subscriptions.get(topic);
    if (!list) return false;
    if (handler === undefined) return this.subscriptions.delete(topic);
    const index = list.findIndex((s) => s.handler === handler);
    if (index === -1) return false;
    list.splice(index, 1);
    if (list.length === 0) this.subscriptions.delete(topic);
    return true;
  }

  /** Calls every matching handler now; handler errors (thrown or rejected) go to `onError`. Returns the handlers called. */
  emit<T = unknown>(topic: string, payload?: T): number {
    assertTopic(topic);
    if (isPattern(topic)) throw new TypeError(`Cannot emit to the pattern "${topic}": emit to a concrete topic`);
    this.emitted++;
    const called = this.deliver(topic, payload, { topic, remote: false });
    for (const listener of this.publishListeners) this.guard(() => listener(topic, payload), topic);
    return called;
  }

  /** Calls every matching handler and waits for all of them (and for bridges to take the event); rejects when any handler failed. */
  async emitAsync<T = unknown>(topic: string, payload?: T): Promise<number> {
    assertTopic(topic);
    if (isPattern(topic)) throw new TypeError(`Cannot emit to the pattern "${topic}": emit to a concrete topic`);
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
    const subscriptions = this.take(topic);
    for (const s of subscriptions) this.guard(() => s.handler(payload, event), topic);
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
    if (topic === undefined) this.subscriptions.clear();
    else this.subscriptions.delete(topic);
  }

  /** Whether an event on `topic` would reach a handler (a pattern key counts as itself). */
  has(topic: string): boolean {
    assertTopic(topic);
    if (this.subscriptions.has(topic)) return true;
    for (const key of this.subscriptions.keys()) if (topicMatches(key, topic)) return true;
    return false;
  }

  /** Topics and patterns with handlers. */
  topics(): string[] {
    return [...this.subscriptions.keys()];
  }

  /** `{ topics, handlers, emitted }`. */
  stats(): EventBusStats {
    let handlers = 0;
    for (const list of this.subscriptions.values()) handlers += list.length;
    return { topics: this.subscriptions.size, handlers, emitted: this.emitted };
  }

  private subscribe(topic: string, handler: EventHandler, once: boolean): () => void {
    assertTopic(topic);
    assertHandler(handler);
    let list = this.subscriptions.get(topic);
    if (!list) this.subscriptions.set(topic, (list = []));
    if (list.length >= this.maxHandlersPerTopic) {
      throw new Error(`EventBus "${this.name}": topic "${topic}" already has ${this.maxHandlersPerTopic} handlers (maxHandlersPerTopic); unsubscribe some or raise the limit`);
    }
    const subscription: Subscription = { handler, once };
    list.push(subscription);
    return () => this.remove(topic, subscription);
  }

  private remove(topic: string, subscription: Subscription): void {
    const list = this.subscriptions.get(topic);
    const index = list ? list.indexOf(subscription) : -1;
    if (index === -1) return;
    list!.splice(index, 1);
    if (list!.length === 0) this.subscriptions.delete(topic);
  }

  private take(topic: string): Subscription[] {
    const matched: Subscription[] = [];
    for (const [key, list] of this.subscriptions) {
      if (key !== topic && !topicMatches(key, topic)) continue;
      for (const s of [...list]) {
        matched.push(s);
        if (s.once) this.remove(key, s);
      }
    }
    return matched;
  }

  private guard(run: () => unknown, topic: string): void {
    try {
      const result = run();
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        (result as Promise<unknown>).then(undefined, (error) => this.onError(error, topic));
      }
    } catch (error) {
      this.onError(error, topic);
    }
  }
}
