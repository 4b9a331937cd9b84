import type { Context } from '../core/context';
import { Fw } from '../app/fw';
import { Fw as CoreFw } from '../core/fw';
import type { Server } from '../core/types';
import { EventBus } from '../event-bus/bus';
import type { EventBusStats } from '../event-bus/types';
import { MetricsCollector } from '../trace/metrics';
import { renderWorkspaceDashboardHTML, workspaceSnapshot } from './dashboard';
import { findApp, normalizeHost, normalizePrefix, stripPrefix } from './mount';
import { aggregateOpenAPI } from './openapi';
import type { SubApp, WorkspaceAppConfig, WorkspaceAppContext, WorkspaceOptions } from './types';
import { routeInfos, stopAnyApp } from '../core/server-methods';
import { operatorGuard } from '../health/operator-guard';

/** The app state key under which each workspace app finds the shared bus. */
export const WORKSPACE_BUS_STATE_KEY = 'fw:bus';

function metricsMiddleware(collector: MetricsCollector) {
  return async (ctx: Context, next: () => Promise<Response>): Promise<Response> => {
    const done = collector.begin();
    const started = performance.now();
    try {
      const response = await next();
      collector.record(
        ctx.method,
        ctx.routePath ?? '(unmatched)',
        response.status,
        Math.round((performance.now() - started) * 1000) / 1000,
      );
      return response;
    } finally {
      done();
    }
  };
}

/** Several fw apps behind one server, mounted by path prefix or host, sharing an event bus, with metrics, a dashboard and one OpenAPI document. */
export class Workspace {
  readonly options: WorkspaceOptions;
  private readonly apps: SubApp[] = [];
  private readonly setups: Promise<void>[] = [];
  private readonly bus: EventBus;
  private readonly root: Fw;
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];
  private stopping: Promise<{ drained: boolean }> | null = null;

  constructor(options: WorkspaceOptions = {}) {
    const timeout = options.shutdownTimeoutMs ?? 10_000;
    if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0)
      throw new TypeError(`Workspace "shutdownTimeoutMs" must be a positive number, got ${String(timeout)}`);
    if (options.onError !== undefined && typeof options.onError !== 'function')
      throw new TypeError('Workspace "onError" must be a function');
    this.options = options;
    this.bus = options.bus ?? new EventBus({ name: 'workspace' });
    this.root = new Fw({ port: options.port, hostname: options.hostname, platform: options.platform });
    this.mountBuiltIns();
  }

  /** Creates an app named `name`, mounted per `config`, and runs `setup(app, { name, bus })` (awaited before serving). */
  app(name: string, config: WorkspaceAppConfig, setup: (app: Fw, context: WorkspaceAppContext) => void | Promise<void>): Fw {
    if (typeof setup !== 'function') throw new TypeError(`Workspace app "${name}": setup must be a function`);
    const platform = this.options.platform;
    const app = new Fw(platform && !config?.fw?.platform ? { ...config?.fw, platform } : config?.fw);
    this.mount(name, config, app);
    this.setups.push(Promise.resolve().then(() => setup(app, { name, bus: this.bus })));
    return app;
  }

  /** Mounts an app built elsewhere: `appWith({ name, app, prefix?, host? })`. */
  appWith<App extends CoreFw>(config: WorkspaceAppConfig & { name: string; app: App }): App {
    if (!config || !(config.app instanceof CoreFw)) throw new TypeError('appWith() needs { name, app } with an fw app');
    this.mount(config.name, config, config.app);
    return config.app;
  }

  /** Answers a request for the whole workspace (what the server calls). */
  fetch = async (request: Request): Promise<Response> => this.root.fetch(request);

  /** Waits for every app's setup. */
  async ready(): Promise<void> {
    await Promise.all(this.setups);
  }

  /** Starts one server for every app (the runtime's adapter: Node or Bun). */
  async listen(port?: number, callback?: (server: Server) => void): Promise<Server> {
    await this.ready();
    const server = await this.root.listen(port ?? this.options.port, callback);
    if (this.options.verbose)
      for (const a of this.apps)
        console.log(`[fw workspace] ${a.name} on ${a.host ?? '*'}${a.prefix ?? ''} (${routeInfos(a.app).length} routes)`);
    return server;
  }

  /** Stops gracefully: new requests get 503, in-flight ones finish (at most `shutdownTimeoutMs`), then the server and every app stop. */
  stop(): Promise<{ drained: boolean }> {
    return (this.stopping ??= this.drainAndStop());
  }

  /** The metrics collector of one app. */
  getCollector(name: string): MetricsCollector | undefined {
    return this.apps.find((a) => a.name === name)?.collector;
  }

  /** Every mounted app. */
  getApps(): SubApp[] {
    return [...this.apps];
  }

  /** The shared event bus. */
  getBus(): EventBus {
    return this.bus;
  }

  /** Counters of the shared bus. */
  getBusStats(): EventBusStats {
    return this.bus.stats();
  }

  private mount(name: string, config: WorkspaceAppConfig, app: CoreFw): void {
    if (typeof name !== 'string' || !/^[\w.-]+$/.test(name))
      throw new TypeError('A workspace app needs a name of letters, digits, ".", "_" or "-"');
    if (this.apps.some((a) => a.name === name)) throw new Error(`A workspace app named "${name}" already exists`);
    if (!config || (config.prefix === undefined && config.host === undefined))
      throw new TypeError(`Workspace app "${name}" needs a "prefix", a "host", or both`);
    const prefix = config.prefix === undefined ? null : normalizePrefix(config.prefix, name);
    const host = config.host === undefined ? null : normalizeHost(config.host, name);
    const clash = this.apps.find((a) => a.prefix === prefix && a.host === host);
    if (clash) throw new Error(`Workspace app "${name}" has the same mount as "${clash.name}" (${host ?? '*'}${prefix ?? ''})`);
    const collector = new MetricsCollector();
    app.use(metricsMiddleware(collector));
    app.setState(WORKSPACE_BUS_STATE_KEY, this.bus);
    this.apps.push({ name, prefix, host, app, collector });
  }

  private mountBuiltIns(): void {
    const o = this.options;
    const guard = operatorGuard(o.access, 'Workspace "access"', 'fw workspace');
    if (o.metrics !== false) {
      this.root.get(
        o.metricsPath ?? '/__fw/metrics',
        async (ctx: Context) =>
          (await guard(ctx)) ??
          new Response(
            this.apps.map((a) => a.collector.toPrometheus({ extraLabels: { app: a.name }, withHeaders: a === this.apps[0] })).join(''),
            {
              headers: { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'cache-control': 'no-store' },
            },
          ),
      );
    }
    if (o.dashboard !== false) {
      const path = o.dashboardPath ?? '/__fw/workspace';
      this.root.get(
        `${path}.json`,
        async (ctx: Context) => (await guard(ctx)) ?? ctx.jsonResponse(workspaceSnapshot(this.apps, this.bus.stats())),
      );
      this.root.get(
        path,
        async (ctx: Context) =>
          (await guard(ctx)) ?? ctx.html(renderWorkspaceDashboardHTML(workspaceSnapshot(this.apps, this.bus.stats()), `${path}.json`)),
      );
    }
    if (o.openapi !== false)
      this.root.get(o.openapiPath ?? '/__fw/openapi.json', (ctx: Context) => ctx.jsonResponse(aggregateOpenAPI(this.apps)));
    this.root.all('/', (ctx: Context) => this.dispatch(ctx));
    this.root.all('/*', (ctx: Context) => this.dispatch(ctx));
  }

  private async dispatch(ctx: Context): Promise<Response> {
    if (this.stopping) {
      return new Response(JSON.stringify({ error: 'The workspace is shutting down', code: 'SHUTTING_DOWN' }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '1', connection: 'close' },
      });
    }
    await this.ready();
    const sub = findApp(this.apps, ctx.header('host'), ctx.path);
    if (!sub) return ctx.jsonResponse({ error: `No workspace app is mounted for ${ctx.path}`, code: 'NOT_FOUND' }, 404);
    this.inFlight++;
    let response: Response;
    try {
      response = await sub.app.fetch(stripPrefix(ctx.request, sub.prefix, ctx.path), ctx.env, ctx.executionCtx);
    } catch (error) {
      this.options.onError?.(error, ctx.request);
      response = ctx.jsonResponse({ error: 'Internal Server Error', code: 'INTERNAL_ERROR' }, 500);
    }
    return this.untilSent(response);
  }

  /** Keeps the request counted as in flight until its body has been read by the server, so a stop never cuts it. */
  private untilSent(response: Response): Response {
    const finished = () => {
      this.inFlight--;
      if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    };
    if (response.body === null) {
      finished();
      return response;
    }
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    response.body.pipeTo(writable).then(finished, finished);
    return new Response(readable, response);
  }

  private async drainAndStop(): Promise<{ drained: boolean }> {
    const timeout = this.options.shutdownTimeoutMs ?? 10_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle =
      this.inFlight === 0 ? Promise.resolve(true) : new Promise<boolean>((resolve) => this.idleWaiters.push(() => resolve(true)));
    const drained = await Promise.race([
      idle,
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeout);
      }),
    ]);
    clearTimeout(timer);
    // One macrotask so the adapter writes the last chunk of the final responses before connections close.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (this.options.verbose) console.log(`[fw workspace] stopping (${drained ? 'drained' : `time-out with ${this.inFlight} in flight`})`);
    await this.root.stop();
    for (const a of this.apps) await stopAnyApp(a.app);
    return { drained };
  }
}

/** Creates a workspace (see `Workspace`). */
export function createWorkspace(options: WorkspaceOptions = {}): Workspace {
  return new Workspace(options);
}
