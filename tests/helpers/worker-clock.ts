import { createLogger } from "@/lib/log";

/**
 * A worker's time as the test's to move: the controlled clock a worker is started with, and a wait that polls a
 * condition every millisecond of real time (the worker's own loop turns need real time to happen).
 */

/** Waits until `f` holds (about 20 s of real time at most). */
export async function until(what: string, f: () => boolean): Promise<void> {
  for (let i = 0; !f(); i++) {
    if (i > 20_000) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** The worker's clock: moved only by the test; counts how often the worker reads it (each loop turn reads it). */
export class ControlledClock {
  ms = Date.UTC(2026, 0, 1);
  reads = 0;
  readonly now = (): Date => {
    this.reads++;
    return new Date(this.ms);
  };
  advance(ms: number): void {
    this.ms += ms;
  }
  /** Moves the clock, then lets the worker look at it again (a few loop turns). */
  async step(ms: number): Promise<void> {
    this.advance(ms);
    const before = this.reads;
    await until("the worker to look at the clock", () => this.reads >= before + 3);
  }
}

/** A worker's options on that clock: `concurrency` jobs at once (as many per lane), polling every 2 ms, silent. */
export function clockedWorkerOptions(clock: ControlledClock, concurrency: number) {
  return {
    concurrency,
    laneCap: concurrency,
    pollMs: 2,
    now: clock.now,
    log: createLogger({ level: "silent" }),
    storeFetch: globalThis.fetch,
  };
}
