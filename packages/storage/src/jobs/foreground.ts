/**
 * Foreground before background in one worker (docs/platform.md, "Foreground and background jobs"). While a job
 * someone waits on runs here (a token exchange: the store's 300 s window, the merchant's popup), the worker starts
 * no background job (a sync pass or sweep) and running ones end their slice at their next page: they share the
 * process's CPU with the exchange (200 activations at once with the new stores' first sync beside them: 23 s
 * until the last exchange without this, 12–14 s with it; bench/results.md).
 *
 * Bounded, because anyone can post callbacks: background work waits at most FOREGROUND_MAX_HOLD_MS in a row (an
 * "episode" of foreground work, its jobs following one another), and a new episode starts only after as long
 * without foreground work. A flood that never stops holds background work back once; one that stops and starts
 * again holds it back for at most half of the time.
 */

/** The longest background work waits in a row for foreground work (a 200-activation burst ends in about 13 s). */
export const FOREGROUND_MAX_HOLD_MS = 30_000;
/**
 * Background work stays held this long after a foreground job ended: the next job of its chain (the callback's
 * exchange, the next key's callback) is leased within milliseconds.
 */
export const FOREGROUND_LINGER_MS = 250;

export interface ForegroundHold {
  /** A foreground job started in this worker. */
  started(): void;
  /** A foreground job ended. */
  ended(): void;
  /** Should background work wait now? */
  holding(): boolean;
  /** How long the current hold still lasts at least (0 when none). */
  holdLeft(): number;
}

export function createForegroundHold(
  clock: () => number,
  o: { maxHoldMs?: number; lingerMs?: number } = {},
): ForegroundHold {
  const maxHold = o.maxHoldMs ?? FOREGROUND_MAX_HOLD_MS;
  const linger = o.lingerMs ?? FOREGROUND_LINGER_MS;
  let running = 0;
  /** The last moment foreground work was seen (a start, an end, or a job still running). */
  let lastActive = Number.NEGATIVE_INFINITY;
  /** When the current episode began; null before any. */
  let episodeStart: number | null = null;

  /** The hold's end as of `now`, or null when background work need not wait. */
  const holdEnd = (now: number): number | null => {
    if (running > 0) lastActive = now; // a running job keeps the episode going
    if (episodeStart === null) return null;
    const end = Math.min(episodeStart + maxHold, running > 0 ? now + linger : lastActive + linger);
    return end > now ? end : null;
  };
  return {
    started() {
      const now = clock();
      // a new episode only after a quiet spell as long as the bound (and the linger): a flood with pauses
      // shorter than that stays one episode, held back once
      if (running === 0 && (episodeStart === null || now - lastActive >= maxHold + linger)) episodeStart = now;
      running++;
      lastActive = now;
    },
    ended() {
      running = Math.max(0, running - 1);
      lastActive = clock();
    },
    holding: () => holdEnd(clock()) !== null,
    holdLeft() {
      const now = clock();
      const end = holdEnd(now);
      return end === null ? 0 : end - now;
    },
  };
}
