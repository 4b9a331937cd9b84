/** Milliseconds since the epoch (fractions kept to the microsecond) as OTLP's fixed64 nanoseconds, a decimal string. */
export function msToNanos(ms: number): string {
  return (BigInt(Math.round(ms * 1000)) * 1000n).toString();
}
