import { Cron, CronPattern } from 'croner';

/** A cron expression broken into the values each field allows (from croner's parser). */
export interface ParsedCron {
  expression: string;
  /** 5 (minute first) or 6 (second first); nicknames such as `@hourly` count as 5. */
  fields: 5 | 6;
  seconds: number[];
  minutes: number[];
  hours: number[];
  /** 1-31. */
  daysOfMonth: number[];
  /** 1-12. */
  months: number[];
  /** 0-6, Sunday is 0 (7 is read as Sunday too). */
  daysOfWeek: number[];
  /** `L` in the day-of-month field. */
  lastDayOfMonth: boolean;
}

/** Time-zone option shared by the cron helpers: an IANA name; default the runtime's local zone (UTC on workers and Lambda). */
export interface CronZoneOptions {
  timezone?: string;
}

const MODE = '5-or-6-parts' as const;

function invalid(expression: unknown, cause: unknown): TypeError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new TypeError(`Invalid cron expression ${JSON.stringify(expression)}: ${reason}`, { cause });
}

function assertExpression(expression: unknown): asserts expression is string {
  if (typeof expression !== 'string' || expression.trim() === '')
    throw invalid(expression, 'expected a non-empty string such as "*/5 * * * *" or "@hourly"');
}

function indices(bits: number[], offset = 0): number[] {
  const out: number[] = [];
  bits.forEach((bit, i) => {
    if (bit) out.push(i + offset);
  });
  return out;
}

/** Parses a 5- or 6-field cron expression (ranges, steps, lists, month and day names, `L`, `@hourly` and friends). */
export function parseCron(expression: string): ParsedCron {
  assertExpression(expression);
  let pattern: CronPattern;
  try {
    pattern = new CronPattern(expression.trim(), undefined, { mode: MODE });
  } catch (error) {
    throw invalid(expression, error);
  }
  const trimmed = expression.trim();
  return {
    expression: trimmed,
    fields: !trimmed.startsWith('@') && trimmed.split(/\s+/).length === 6 ? 6 : 5,
    seconds: indices(pattern.second),
    minutes: indices(pattern.minute),
    hours: indices(pattern.hour),
    daysOfMonth: indices(pattern.day, 1),
    months: indices(pattern.month, 1),
    daysOfWeek: [...new Set(indices(pattern.dayOfWeek).map((d) => d % 7))].sort((a, b) => a - b),
    lastDayOfMonth: pattern.lastDayOfMonth,
  };
}

/** A paused croner job for computing times (it never schedules anything); bad expressions and zones are a TypeError. */
export function compileCron(expression: string, options: CronZoneOptions = {}): Cron {
  assertExpression(expression);
  let cron: Cron;
  try {
    cron = new Cron(expression.trim(), { paused: true, mode: MODE, timezone: options.timezone });
  } catch (error) {
    throw invalid(expression, error);
  }
  try {
    cron.nextRun(new Date(0));
  } catch (error) {
    throw new TypeError(
      `Invalid time zone ${JSON.stringify(options.timezone)} for cron "${expression}": use an IANA name such as "Europe/Paris"`,
      { cause: error },
    );
  }
  return cron;
}

function toDate(value: Date | string | number, what: string): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new TypeError(`${what} must be a valid date, got ${String(value)}`);
  return date;
}

/** Whether `date` falls on the cron schedule (to the second for 6 fields; seconds must be 0 for 5 fields). */
export function matchesCron(date: Date | string | number, cron: string, options: CronZoneOptions = {}): boolean {
  return compileCron(cron, options).match(toDate(date, 'matchesCron date'));
}

/** The first time after `from` (default now) that the schedule fires, in the given time zone; null when it never does. */
export function getNextRun(cron: string, from: Date | string | number = new Date(), options: CronZoneOptions = {}): Date | null {
  return compileCron(cron, options).nextRun(toDate(from, 'getNextRun from'));
}
