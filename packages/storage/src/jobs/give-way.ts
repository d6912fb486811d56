/**
 * When a worker inside a web process starts no new job: while requests that must answer fast are served
 * (`giveWay`, at most MAX_HOLD_MS in a row) or while the process says it is busy (at most a second in a row).
 */

/** The longest a worker holds back new jobs in a row for giveWay. */
export const MAX_HOLD_MS = 5_000;

export interface GiveWay {
  /** Hold back new jobs for `ms` from now. */
  hold(ms: number): void;
  /** Should the worker start nothing now? */
  yielding(): boolean;
  /** How long the current hold still lasts (0 when none). */
  holdLeft(): number;
}

/** Timed on the worker's clock, so a test drives it with a controlled one. */
export function createGiveWay(clock: () => number, busy?: () => boolean): GiveWay {
  let holdUntil = 0;
  let holdingSince: number | null = null;
  let yieldingSince: number | null = null;
  /**
   * giveWay's hold, for at most MAX_HOLD_MS in a row (a flood of callbacks cannot stop the jobs for good). A new
   * hold starts only after a quiet spell as long: a flood with short pauses (anyone can post callbacks) would
   * otherwise start a fresh hold after each pause, and the jobs would run only in the pauses.
   */
  const held = (): boolean => {
    const now = clock();
    if (now >= holdUntil) {
      if (now - holdUntil >= MAX_HOLD_MS) holdingSince = null;
      return false;
    }
    holdingSince ??= now;
    return now - holdingSince < MAX_HOLD_MS;
  };
  return {
    hold(ms) {
      holdUntil = Math.max(holdUntil, clock() + ms);
    },
    yielding() {
      if (held()) {
        yieldingSince = null; // `busy` gets its own second once the hold ends
        return true;
      }
      if (!busy?.()) {
        yieldingSince = null;
        return false;
      }
      yieldingSince ??= clock();
      return clock() - yieldingSince < 1_000;
    },
    holdLeft: () => holdUntil - clock(),
  };
}
