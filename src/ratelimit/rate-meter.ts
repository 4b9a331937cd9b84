const SLOT_MS = 100;
const SLOTS = 10;

/** Counts events over the last second in ten 100 ms slots, for the `rps` metric. */
export class RateMeter {
  private readonly counts = new Array<number>(SLOTS).fill(0);
  private readonly stamps = new Array<number>(SLOTS).fill(-1);

  constructor(private readonly now: () => number = Date.now) {}

  /** Records one event now. */
  mark(): void {
    const slot = Math.floor(this.now() / SLOT_MS);
    const i = slot % SLOTS;
    if (this.stamps[i] !== slot) {
      this.stamps[i] = slot;
      this.counts[i] = 0;
    }
    this.counts[i]++;
  }

  /** Events in the last second. */
  perSecond(): number {
    const current = Math.floor(this.now() / SLOT_MS);
    let total = 0;
    for (let i = 0; i < SLOTS; i++) if (current - this.stamps[i] < SLOTS) total += this.counts[i];
    return total;
  }
}
