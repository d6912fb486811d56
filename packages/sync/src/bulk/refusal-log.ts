/**
 * Refused requests logged by class, not one by one: the first refusal of a class is one line, and further ones
 * within the window are counted and reported in the next line of that class. A flood of oversized posts costs the
 * log one line a minute per class, with no stack trace and nothing of the request's content.
 */
import type { Logger } from "pino";

export const REFUSAL_LOG_WINDOW_MS = 60_000;

export interface RefusalLog {
  note(refusal: string): void;
}

export function refusalLog(log: Pick<Logger, "warn">, what: string, now: () => number = Date.now): RefusalLog {
  const classes = new Map<string, { loggedAt: number; unlogged: number }>();
  return {
    note(refusal) {
      const at = now();
      const c = classes.get(refusal);
      if (c && at - c.loggedAt < REFUSAL_LOG_WINDOW_MS) {
        c.unlogged++;
        return;
      }
      const earlier = c?.unlogged ?? 0;
      classes.set(refusal, { loggedAt: at, unlogged: 0 });
      log.warn(
        { refusal, ...(earlier ? { alsoRefusedSinceLastLine: earlier } : {}) },
        `${what} refused: ${refusal.replaceAll("_", " ")}`,
      );
    },
  };
}
