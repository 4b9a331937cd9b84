export { parseCron, matchesCron, getNextRun, type ParsedCron, type CronZoneOptions } from './cron';
export { Scheduler } from './scheduler';
export { scheduler, SCHEDULER_STATE_KEY } from './plugin';
export type { JobDefinition, JobRun, JobStatus, JobTrigger, ScheduledRunReport, SchedulerOptions } from './types';
export { scheduledEventHandler, type ScheduledEventLike } from './eventbridge';
