import type { Fw } from '../core/fw';
import { SCHEDULER_STATE_KEY } from './plugin';
import type { Scheduler } from './scheduler';
import type { ScheduledRunReport } from './types';

/** The fields of an EventBridge `Scheduled Event` the scheduler uses. */
export interface ScheduledEventLike {
  'detail-type'?: string;
  time?: string;
  resources?: string[];
}

/** The rule name of an EventBridge rule ARN (`arn:aws:events:…:rule/nightly` -> `nightly`), or the ARN itself. */
function ruleName(arn: string): string {
  const slash = arn.lastIndexOf('/');
  return slash === -1 ? arn : arn.slice(slash + 1);
}

/**
 * A handler for Lambda's EventBridge schedule events (`lambda(app, { events: { schedule: scheduledEventHandler(app) } })`):
 * runs the jobs named like the rule, else those whose cron matches the event time, through the scheduler plugin.
 */
export function scheduledEventHandler(app: Fw): (event: ScheduledEventLike) => Promise<ScheduledRunReport> {
  return async (event) => {
    if (!event || event['detail-type'] !== 'Scheduled Event')
      throw new TypeError('scheduledEventHandler: not an EventBridge "Scheduled Event"');
    const time = new Date(event.time ?? Number.NaN);
    if (Number.isNaN(time.getTime()))
      throw new TypeError(`scheduledEventHandler: the event time ${JSON.stringify(event.time)} is not a date`);
    const scheduler = app.state<Scheduler>(SCHEDULER_STATE_KEY);
    if (!scheduler) throw new Error('scheduledEventHandler: register the scheduler plugin on the app first');
    await app.ready();
    const rule = typeof event.resources?.[0] === 'string' ? ruleName(event.resources[0]) : '';
    return scheduler.runScheduled(rule, time);
  };
}
