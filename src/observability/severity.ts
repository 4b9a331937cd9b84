import type { LogLevel } from '../logger/types';

const numbers: Record<LogLevel, number> = { debug: 5, info: 9, warn: 13, error: 17 };

/** The OpenTelemetry severity number of a level (DEBUG 5, INFO 9, WARN 13, ERROR 17); unknown levels are INFO. */
export function levelToSeverityNumber(level: LogLevel | string): number {
  return numbers[level as LogLevel] ?? 9;
}

/** The OpenTelemetry severity text of a level (`DEBUG`, `INFO`, `WARN`, `ERROR`). */
export function levelToSeverityText(level: LogLevel | string): string {
  return level in numbers ? level.toUpperCase() : 'INFO';
}
