import { SCHEDULER_STATE_KEY, errorBody, isWebSocketRequest, withWebSockets, type AppBindings, type CoreFw } from 'fw';
import { markReady, startInvocation } from '../serverless/cold-start';
import { warmUp } from '../serverless/warm-up';
import { openWorkerSocket } from './websocket';
import type { CronRunner, WorkerExecutionContext, WorkerHandlers, WorkerOptions, WorkerScheduledController } from './types';

function internalError(error: unknown): Response {
  console.error('fw/worker: unhandled error', error);
  return new Response(JSON.stringify(errorBody(error, 500, false)), { status: 500, headers: { 'content-type': 'application/json' } });
}

/** The env of `worker<Env>(app)`: the `Env` named there, else the app's bindings (`new Fw<{ Bindings: Env }>()`). */
type WorkerEnv<Env, App> = unknown extends Env ? AppBindings<App> : Env;

function isCronRunner(value: unknown): value is CronRunner {
  return typeof (value as CronRunner | null)?.runScheduled === 'function';
}

/**
 * Turns an app into a worker module's default export: `fetch` answers requests and WebSocket upgrades (with
 * `env` as `ctx.env` and the execution context as `ctx.executionCtx`), `scheduled` runs cron triggers through
 * `options.scheduled` and the scheduler's jobs. Cold-start statistics and warm-up are kept per isolate.
 * `env` is typed by the app's bindings (`new Fw<{ Bindings: Env }>()`).
 */
export function worker<Env = unknown, App extends CoreFw<any, any> = CoreFw<any, any>>(
  app: App,
  options: WorkerOptions<WorkerEnv<Env, App>> = {},
): WorkerHandlers<WorkerEnv<Env, App>> {
  const mode = options.warmUp ?? 'background';
  if (mode !== 'background' && mode !== 'first-request' && mode !== false) {
    throw new TypeError(`worker(app, { warmUp }) takes 'background', 'first-request' or false, got ${JSON.stringify(mode)}`);
  }
  // workerd evaluates a worker's module while the TLS handshake runs, so compiling routes (validators,
  // serializers: pure CPU, allowed at module scope) here keeps that work off the first request.
  if (mode !== false) app.compile();
  let warming: Promise<void> | null = null;
  const sockets = withWebSockets(app);
  const rooms = options.rooms;
  if (rooms !== undefined) {
    if (typeof rooms?.forward !== 'function' || typeof rooms.bind !== 'function')
      throw new TypeError('worker(app, { rooms }) takes durableRooms({ namespace: (env) => env.ROOMS }) from fw/worker');
    if (sockets === null) throw new TypeError('worker(app, { rooms }) needs an app with WebSocket routes: new Fw() from fw, not fw/core');
    rooms.attach(sockets);
  }

  function warm(): Promise<void> {
    return (warming ??= warmUp(app, { preload: options.preload }).then(
      (report) => {
        for (const error of report.errors) console.error('fw/worker: a preload failed during warm-up', error);
        markReady();
      },
      (error: unknown) => {
        warming = null;
        throw error;
      },
    ));
  }

  async function answer(request: Request, env: WorkerEnv<Env, App>, ctx: WorkerExecutionContext): Promise<Response> {
    rooms?.bind(env);
    if (mode === 'first-request') await warm();
    else if (mode === 'background' && warming === null)
      ctx.waitUntil(warm().catch((error) => console.error('fw/worker: warm-up failed', error)));
    if (sockets !== null && isWebSocketRequest(request) && sockets.websockets.routes().length > 0) {
      const upgrade = await sockets.upgradeWebSocket(request, env, ctx);
      if (upgrade instanceof Response) return upgrade;
      if (upgrade !== null) return rooms ? rooms.forward(upgrade, env) : openWorkerSocket(sockets, upgrade, ctx);
    }
    const response = await app.fetch(request, env, ctx);
    if (mode === false) markReady();
    return response;
  }

  return {
    async fetch(request, env, ctx) {
      const finish = startInvocation('worker', app);
      try {
        return await answer(request, env, ctx);
      } catch (error) {
        return internalError(error);
      } finally {
        finish();
      }
    },

    async scheduled(controller: WorkerScheduledController, env: WorkerEnv<Env, App>, ctx: WorkerExecutionContext) {
      const finish = startInvocation('worker', app);
      try {
        await app.ready();
        await options.scheduled?.(controller, env, ctx);
        const scheduler = app.state(SCHEDULER_STATE_KEY);
        if (isCronRunner(scheduler)) {
          ctx.waitUntil(scheduler.runScheduled(controller.cron, new Date(controller.scheduledTime)));
        } else if (!options.scheduled) {
          throw new Error(
            `fw/worker: cron trigger "${controller.cron}" fired but nothing handles it: pass worker(app, { scheduled }) or register the scheduler plugin`,
          );
        }
      } finally {
        finish();
      }
    },
  };
}
