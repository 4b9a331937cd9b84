/** One Server-Timing metric. */
export interface TimingEntry {
  name: string;
  durationMs?: number;
  description?: string;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Collects Server-Timing metrics for one response (`start`/`end`, or `add` a measured value) and formats the header. */
export class Timing {
  private readonly entries: TimingEntry[] = [];
  private readonly running = new Map<string, number>();

  /** Starts measuring `name`. */
  start(name: string, description?: string): this {
    this.check(name);
    this.running.set(name, performance.now());
    if (description !== undefined) this.entries.push({ name, description });
    return this;
  }

  /** Stops measuring `name` and records its duration; an unknown name is an error. */
  end(name: string): number {
    const started = this.running.get(name);
    if (started === undefined) throw new Error(`Timing "${name}" was never started`);
    this.running.delete(name);
    const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
    const existing = this.entries.find((e) => e.name === name && e.durationMs === undefined);
    if (existing) existing.durationMs = durationMs;
    else this.entries.push({ name, durationMs });
    return durationMs;
  }

  /** Records an already measured duration (or a description-only metric such as `cache;desc=hit`). */
  add(name: string, durationMs?: number, description?: string): this {
    this.check(name);
    if (durationMs !== undefined && (typeof durationMs !== 'number' || !Number.isFinite(durationMs) || durationMs < 0)) {
      throw new TypeError(`Timing "${name}" duration must be a finite number >= 0`);
    }
    this.entries.push({ name, durationMs, description });
    return this;
  }

  /** Measures an async function under `name`. */
  async measure<T>(name: string, fn: () => T | Promise<T>): Promise<T> {
    this.start(name);
    try {
      return await fn();
    } finally {
      this.end(name);
    }
  }

  /** The recorded metrics. */
  list(): TimingEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  /** The `Server-Timing` header value (`db;dur=12.5, cache;desc="hit"`), or an empty string. */
  header(): string {
    return this.entries
      .map((e) => {
        let part = e.name;
        if (e.durationMs !== undefined) part += `;dur=${e.durationMs}`;
        if (e.description !== undefined) part += `;desc="${e.description.replace(/["\\]/g, '\\$&')}"`;
        return part;
      })
      .join(', ');
  }

  private check(name: string): void {
    if (typeof name !== 'string' || !TOKEN.test(name))
      throw new TypeError(`Timing name ${JSON.stringify(name)} must be an HTTP token (letters, digits, !#$%&'*+-.^_\`|~)`);
  }
}
