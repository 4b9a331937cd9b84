import { Cron } from 'croner';
import { compileCron } from './cron';
import type { JobDefinition, JobRun, JobStatus, JobTrigger, ScheduledRunReport, SchedulerOptions } from './types';

interface Job {
  definition: JobDefinition;
  pattern: Cron;
  timer: Cron | null;
  running: boolean;
  runs: number;
  failures: number;
  skipped: number;
  lastRunAt: Date | null;
  lastError: string | null;
}

type Outcome = 'ran' | 'failed' | 'skipped';

function normalize(expression: string): string {
  return expression.trim().replace(/\s+/g, ' ');
}

function minuteOf(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 60_000) * 60_000);
}

function defaultOnError(error: unknown, job: string): void {
  console.error(`[fw scheduler] job "${job}" failed:`, error);
}

/**
 * Runs named cron jobs: on in-process timers (croner) on Node and Bun, or when a platform trigger calls
 * `runScheduled(cron, time)` (workers' `scheduled`, Lambda's EventBridge events). A job never overlaps itself;
 * failures go to `onError` and never stop other jobs.
 */
export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private readonly options: SchedulerOptions;
  private readonly onError: (error: unknown, job: string) => void;
  private started = false;

  constructor(options: SchedulerOptions = {}) {
    if (options.onError !== undefined && typeof options.onError !== 'function') throw new TypeError('Scheduler onError must be a function');
    this.options = options;
    this.onError = options.onError ?? defaultOnError;
    for (const job of options.jobs ?? []) this.add(job);
  }

  /** Adds a job; names are unique and the expression and zone are checked now. Starts its timer if the scheduler runs. */
  add(job: JobDefinition): this {
    if (!job || typeof job !== 'object') throw new TypeError('A scheduler job must be an object { name, cron, handler }');
    if (typeof job.name !== 'string' || job.name === '') throw new TypeError('A scheduler job needs a non-empty string "name"');
    if (this.jobs.has(job.name)) throw new Error(`A scheduler job named "${job.name}" already exists`);
    if (typeof job.handler !== 'function') throw new TypeError(`Scheduler job "${job.name}": "handler" must be a function`);
    const pattern = compileCron(job.cron, { timezone: job.timezone ?? this.options.timezone });
    const entry: Job = {
      definition: job,
      pattern,
      timer: null,
      running: false,
      runs: 0,
      failures: 0,
      skipped: 0,
      lastRunAt: null,
      lastError: null,
    };
    this.jobs.set(job.name, entry);
    if (this.started) this.arm(entry);
    return this;
  }

  /** Removes a job and its timer; false when unknown. */
  remove(name: string): boolean {
    const job = this.jobs.get(name);
    job?.timer?.stop();
    return this.jobs.delete(name);
  }

  /** Starts in-process timers for every job. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) this.arm(job);
  }

  /** Stops every timer (running jobs finish on their own). */
  stop(): void {
    this.started = false;
    for (const job of this.jobs.values()) {
      job.timer?.stop();
      job.timer = null;
    }
  }

  /** Whether in-process timers are running. */
  get running(): boolean {
    return this.started;
  }

  /** Runs one job now (skipped if it is still running); rejects for an unknown name. */
  async runJob(name: string): Promise<Outcome> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`No scheduler job named "${name}"`);
    return this.execute(job, new Date(), 'manual');
  }

  /**
   * Runs the jobs a platform trigger fired for: those whose expression (or name) equals `cron`; when none does,
   * those whose schedule matches `scheduledTime` to the minute. Workers call it from `scheduled`, Lambda from EventBridge.
   */
  async runScheduled(cron: string, scheduledTime: Date = new Date()): Promise<ScheduledRunReport> {
    if (typeof cron !== 'string') throw new TypeError("runScheduled(cron, scheduledTime) needs the trigger's cron string");
    if (!(scheduledTime instanceof Date) || Number.isNaN(scheduledTime.getTime()))
      throw new TypeError('runScheduled scheduledTime must be a valid Date');
    const wanted = normalize(cron);
    let selected = [...this.jobs.values()].filter((j) => normalize(j.definition.cron) === wanted || j.definition.name === cron);
    if (selected.length === 0) {
      const minute = minuteOf(scheduledTime);
      selected = [...this.jobs.values()].filter((j) => j.pattern.match(minute));
    }
    const outcomes = await Promise.all(selected.map((j) => this.execute(j, scheduledTime, 'cron-trigger')));
    const report: ScheduledRunReport = { ran: [], failed: [], skipped: [] };
    outcomes.forEach((outcome, i) => report[outcome].push(selected[i].definition.name));
    return report;
  }

  /** The state of every job. */
  list(): JobStatus[] {
    return [...this.jobs.values()].map((job) => ({
      name: job.definition.name,
      cron: job.definition.cron,
      timezone: job.definition.timezone ?? this.options.timezone,
      running: job.running,
      runs: job.runs,
      failures: job.failures,
      skipped: job.skipped,
      lastRunAt: job.lastRunAt,
      lastError: job.lastError,
      nextRunAt: job.pattern.nextRun(),
    }));
  }

  private arm(job: Job): void {
    const timezone = job.definition.timezone ?? this.options.timezone;
    job.timer = new Cron(job.definition.cron.trim(), { mode: '5-or-6-parts', timezone, unref: this.options.unref ?? false }, () => {
      void this.execute(job, new Date(), 'timer');
    });
  }

  private async execute(job: Job, scheduledTime: Date, trigger: JobTrigger): Promise<Outcome> {
    if (job.running) {
      job.skipped++;
      return 'skipped';
    }
    job.running = true;
    job.lastRunAt = new Date();
    const run: JobRun = { name: job.definition.name, scheduledTime, trigger };
    try {
      await job.definition.handler(run);
      job.runs++;
      job.lastError = null;
      return 'ran';
    } catch (error) {
      job.runs++;
      job.failures++;
      job.lastError = error instanceof Error ? error.message : String(error);
      try {
        this.onError(error, job.definition.name);
      } catch {
        // A failing error reporter must not turn a logged job failure into a crash.
      }
      return 'failed';
    } finally {
      job.running = false;
    }
  }
}
