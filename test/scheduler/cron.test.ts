import { describe, expect, it } from 'vitest';
import { getNextRun, matchesCron, parseCron } from '../../src/scheduler';

describe('parseCron', () => {
  it('parses ranges, steps, lists and names (5 fields)', () => {
    const p = parseCron('*/15 9-17 1,15 jan-mar mon-fri');
    expect(p).toMatchObject({
      fields: 5,
      seconds: [0],
      minutes: [0, 15, 30, 45],
      hours: [9, 10, 11, 12, 13, 14, 15, 16, 17],
      daysOfMonth: [1, 15],
      months: [1, 2, 3],
      daysOfWeek: [1, 2, 3, 4, 5],
    });
  });

  it('parses 6 fields with seconds, and range steps', () => {
    expect(parseCron('30 0-20/10 * * * *')).toMatchObject({ fields: 6, seconds: [30], minutes: [0, 10, 20] });
  });

  it('reads 7 as Sunday and L as the last day of the month', () => {
    expect(parseCron('0 0 * * 7').daysOfWeek).toEqual([0]);
    expect(parseCron('0 0 L * *').lastDayOfMonth).toBe(true);
  });

  it.each([
    ['@hourly', { minutes: [0], hours: Array.from({ length: 24 }, (_, i) => i) }],
    ['@daily', { minutes: [0], hours: [0] }],
    ['@weekly', { daysOfWeek: [0] }],
    ['@monthly', { daysOfMonth: [1] }],
    ['@yearly', { months: [1], daysOfMonth: [1] }],
  ])('nickname %s', (expr, expected) => {
    expect(parseCron(expr)).toMatchObject({ fields: 5, ...expected });
  });

  it.each([
    ['', /non-empty string/],
    ['* * * *', /Invalid cron expression "\* \* \* \*"/],
    ['0 0 0 * * * *', /5 or 6 parts/],
    ['61 * * * *', /Invalid cron/],
    ['* * * * funday', /Invalid cron/],
    [42, /non-empty string/],
    ['@sometimes', /Invalid cron/],
  ])('rejects %j', (expr, message) => {
    expect(() => parseCron(expr as never)).toThrow(message);
  });
});

describe('getNextRun and matchesCron', () => {
  it('computes the next run in UTC and in another time zone', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    expect(getNextRun('0 9 * * *', from, { timezone: 'UTC' })?.toISOString()).toBe('2026-01-01T09:00:00.000Z');
    expect(getNextRun('0 9 * * *', from, { timezone: 'America/New_York' })?.toISOString()).toBe('2026-01-01T14:00:00.000Z');
    expect(getNextRun('0 9 * * *', '2026-07-01T00:00:00Z', { timezone: 'America/New_York' })?.toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    );
    expect(getNextRun('@hourly', '2026-01-01T00:30:00Z', { timezone: 'UTC' })?.toISOString()).toBe('2026-01-01T01:00:00.000Z');
    expect(getNextRun('0 0 L * *', '2026-02-10T00:00:00Z', { timezone: 'UTC' })?.toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });

  it('defaults `from` to now', () => {
    const next = getNextRun('* * * * *');
    expect(next).not.toBeNull();
    expect(next!.getTime()).toBeGreaterThan(Date.now() - 1);
  });

  it('matches dates on the schedule', () => {
    expect(matchesCron(new Date('2026-03-02T09:15:00Z'), '*/15 9-17 * * mon-fri', { timezone: 'UTC' })).toBe(true);
    expect(matchesCron(new Date('2026-03-01T09:15:00Z'), '*/15 9-17 * * mon-fri', { timezone: 'UTC' })).toBe(false);
    expect(matchesCron('2026-03-02T09:15:00Z', '0 15 9 * * *', { timezone: 'UTC' })).toBe(true);
  });

  it('bad dates and zones are clear errors', () => {
    expect(() => getNextRun('* * * * *', 'not a date')).toThrow(/must be a valid date/);
    expect(() => matchesCron(Number.NaN, '* * * * *')).toThrow(/must be a valid date/);
    expect(() => getNextRun('* * * * *', new Date(), { timezone: 'Mars/Olympus' })).toThrow(/Invalid time zone "Mars\/Olympus"/);
  });
});
