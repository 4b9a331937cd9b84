import type { Fw } from '../core/fw';
import { SHUTTING_DOWN_STATE_KEY } from '../health/plugin';
import { stopAnyApp } from '../core/server-methods';

/** What the manager needs from a server to stop it gracefully (`gracefulServer(server)` from `fw/node` makes one). */
export interface ServerHandle {
  /** Stops accepting connections; resolves once every open connection has ended. */
  stopAccepting(): Promise<void>;
  /** Closes whatever connections are left (called when the time-out is reached). */
  forceClose(): void;
  /** How many unfinished requests `forceClose()` has cut so far (a handler running or a body still being written). */
  readonly requestsCut?: number;
}

/** A shutdown hook: runs once, in reverse registration order, with the reason (`SIGTERM`, `SIGINT`, `manual`). */
export type ShutdownHook = (reason: string) => unknown;

/** Options of a LifecycleManager. */
export interface LifecycleOptions {
  /**
   * Time from the start of a shutdown to its end, in ms (default 10000). Draining may use all of it but the last
   * quarter (at most 1 s), which is kept for the hooks; what is still running at the end is cut.
   */
  timeout?: number;
  /** Logs each step (default false). */
  verbose?: boolean;
  /** Where verbose lines and hook failures go (default console.log / console.error). */
  log?: (line: string) => void;
}

/** What `shutdown()` did. */
export interface ShutdownReport {
  reason: string;
  /** True when every in-flight request finished before the deadline. */
  drained: boolean;
  timedOut: boolean;
  durationMs: number;
  hooks: { name: string; ok: boolean; error?: string }[];
}

/** The app state key of the manager. */
export const LIFECYCLE_STATE_KEY = 'fw:lifecycle';

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T | 'timeout'> {
  const left = deadline - Date.now();
  if (left <= 0) return Promise.resolve('timeout');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), left);
  });
  return Promise.race([promise, expiry]).finally(() => clearTimeout(timer));
}

/**
 * Graceful shutdown: stop accepting (attached servers), let in-flight requests finish, run `onShutdown` hooks in
 * reverse order, stop the app, all within `timeout`. Platform signals are wired by `fw/node` (`installSignalHandlers`).
 */
export class LifecycleManager {
  readonly timeout: number;
  private readonly verbose: boolean;
  private readonly log: (line: string) => void;
  private readonly hooks: { name: string; fn: ShutdownHook }[] = [];
  private readonly servers: ServerHandle[] = [];
  private app: Fw | null = null;
  private active = 0;
  private idleWaiters: (() => void)[] = [];
  private running: Promise<ShutdownReport> | null = null;

  constructor(options: LifecycleOptions = {}) {
    const timeout = options.timeout ?? 10_000;
    if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0)
      throw new TypeError(`lifecycle "timeout" must be a positive number of ms, got ${String(timeout)}`);
    if (options.log !== undefined && typeof options.log !== 'function') throw new TypeError('lifecycle "log" must be a function');
    this.timeout = timeout;
    this.verbose = options.verbose ?? false;
    this.log = options.log ?? ((line) => console.log(line));
  }

  /** Registers a hook run at shutdown (reverse order of registration); returns the function that removes it. */
  onShutdown(fn: ShutdownHook, name?: string): () => void {
    if (typeof fn !== 'function') throw new TypeError('onShutdown needs a function');
    const entry = { name: name ?? (fn.name || `hook ${this.hooks.length + 1}`), fn };
    this.hooks.push(entry);
    return () => {
      const i = this.hooks.indexOf(entry);
      if (i !== -1) this.hooks.splice(i, 1);
    };
  }

  /** Adds a server to stop accepting on shutdown. */
  attach(server: ServerHandle): this {
    if (!server || typeof server.stopAccepting !== 'function' || typeof server.forceClose !== 'function') {
      throw new TypeError('attach() needs a server handle { stopAccepting(), forceClose() }: use gracefulServer(server) from fw/node');
    }
    this.servers.push(server);
    return this;
  }

  /** Binds the app whose state says "shutting down" and which is stopped at the end. */
  bindApp(app: Fw): this {
    this.app = app;
    return this;
  }

  /** Whether a shutdown has started. */
  get shuttingDown(): boolean {
    return this.running !== null;
  }

  /** Requests being answered now. */
  get inFlight(): number {
    return this.active;
  }

  /** Counts a request as in flight; call the returned function when it is answered. */
  requestStarted(): () => void {
    this.active++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.active--;
      if (this.active === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    };
  }

  /** Shuts down once (later calls get the same result). */
  shutdown(reason = 'manual'): Promise<ShutdownReport> {
    return (this.running ??= this.run(reason));
  }

  private say(line: string): void {
    if (this.verbose) this.log(`[fw lifecycle] ${line}`);
  }

  private requestsCut(): number {
    let cut = 0;
    for (const server of this.servers) cut += server.requestsCut ?? 0;
    return cut;
  }

  private idle(): Promise<void> {
    return this.active === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async run(reason: string): Promise<ShutdownReport> {
    const started = Date.now();
    const deadline = started + this.timeout;
    const drainDeadline = deadline - Math.min(1000, this.timeout / 4);
    this.say(`shutting down (${reason}), ${this.active} request(s) in flight, deadline ${this.timeout} ms`);
    this.app?.setState(SHUTTING_DOWN_STATE_KEY, true);
    const closed = this.servers.map((s) => s.stopAccepting());
    const drained = (await withDeadline(this.idle(), drainDeadline)) !== 'timeout';
    this.say(drained ? 'in-flight requests finished' : `time-out with ${this.active} request(s) still in flight`);
    const connectionsClosed = drained && (await withDeadline(Promise.all(closed), drainDeadline)) !== 'timeout';
    const cutBefore = this.requestsCut();
    if (!connectionsClosed) for (const s of this.servers) s.forceClose();
    const cutRequests = this.requestsCut() > cutBefore;
    const hooks: ShutdownReport['hooks'] = [];
    for (const hook of [...this.hooks].reverse()) {
      this.say(`running hook "${hook.name}"`);
      const outcome = await withDeadline(
        Promise.resolve()
          .then(() => hook.fn(reason))
          .then(
            () => 'ok' as const,
            (error: unknown) => error,
          ),
        deadline,
      );
      if (outcome === 'ok') hooks.push({ name: hook.name, ok: true });
      else {
        const error =
          outcome === 'timeout' ? 'timed out (shutdown deadline reached)' : outcome instanceof Error ? outcome.message : String(outcome);
        hooks.push({ name: hook.name, ok: false, error });
        console.error(`[fw lifecycle] shutdown hook "${hook.name}" failed: ${error}`);
      }
    }
    if (this.app)
      await withDeadline(
        stopAnyApp(this.app).catch((error: unknown) => console.error('[fw lifecycle] app.stop() failed', error)),
        deadline,
      );
    const timedOut = Date.now() >= deadline || !drained || cutRequests || hooks.some((h) => h.error?.startsWith('timed out'));
    this.say(`shutdown finished in ${Date.now() - started} ms${timedOut ? ' (time-out reached)' : ''}`);
    return { reason, drained, timedOut, durationMs: Date.now() - started, hooks };
  }
}
