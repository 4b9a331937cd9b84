import type { FwPluginConfig } from '../core/types';
import { isTriggerDrivenRuntime } from '../lifecycle/runtime';
import { Scheduler } from './scheduler';
import type { SchedulerOptions } from './types';

/** The app state key the worker and Lambda targets look up to run cron triggers (`runScheduled`). */
export const SCHEDULER_STATE_KEY = 'fw:scheduler';

/** The scheduler plugin: registers the Scheduler as state `fw:scheduler`, starts timers on app start (Node, Bun), stops them on app stop. */
export function scheduler(options: SchedulerOptions = {}): FwPluginConfig & { scheduler: Scheduler } {
  const instance = new Scheduler(options);
  const timers = options.timers ?? !isTriggerDrivenRuntime();
  return {
    name: 'scheduler',
    scheduler: instance,
    state: { [SCHEDULER_STATE_KEY]: instance },
    onStart() {
      if (timers) instance.start();
    },
    onStop() {
      instance.stop();
    },
  };
}
