/** How a job run started. */
export type JobTrigger = 'timer' | 'cron-trigger' | 'manual';

/** What a job handler receives. */
export interface JobRun {
  name: string;
  /** The time the run was scheduled for (the trigger's time on workers and Lambda). */
  scheduledTime: Date;
  trigger: JobTrigger;
}

/** One job: a name, a cron expression and what to run. */
export interface JobDefinition {
  name: string;
  /** 5 or 6 fields, or a nickname such as `@hourly`. */
  cron: string;
  handler: (run: JobRun) => unknown;
  /** IANA time zone of this job (default the scheduler's). */
  timezone?: string;
}

/** Options of a Scheduler and of the `scheduler()` plugin. */
export interface SchedulerOptions {
  jobs?: JobDefinition[];
  /** Default IANA time zone of jobs (default the runtime's local zone). */
  timezone?: string;
  /** Run jobs on in-process timers: default true, except on workers and Lambda where triggers call `runScheduled`. */
  timers?: boolean;
  /** Let the process exit while only timers are pending (Node, Bun; default false). */
  unref?: boolean;
  /** Receives job failures (default console.error); a failing job never stops the scheduler. */
  onError?: (error: unknown, job: string) => void;
}

/** The state of one job, for status pages and tools. */
export interface JobStatus {
  name: string;
  cron: string;
  timezone: string | undefined;
  running: boolean;
  runs: number;
  failures: number;
  /** Runs skipped because the previous run had not finished. */
  skipped: number;
  lastRunAt: Date | null;
  lastError: string | null;
  nextRunAt: Date | null;
}

/** What one `runScheduled` call did. */
export interface ScheduledRunReport {
  ran: string[];
  failed: string[];
  skipped: string[];
}
