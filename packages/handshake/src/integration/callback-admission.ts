/**
 * What the activation callback admits before it writes anything, whoever posts it (docs/security.md, "Floods"):
 * - **In flight**: at most `inFlight` callbacks are handled at once by this process; one more is answered 503 at
 *   once, before its body is read or the database is touched (Magento's admin shows the failed post, and the
 *   merchant activates again). A flood therefore holds a bounded number of requests, bodies and queries.
 * - **Never-proven keys**: a consumer key no exchange ever proved (a key seen for the first time, or one whose
 *   first exchange has not succeeded) takes a token from one bucket for the whole process (`unprovenBurst`,
 *   refilled at `unprovenPerSecond`). Empty: 503. This bounds how fast unauthenticated callbacks can add rows and
 *   jobs, whatever keys, secrets, hosts or clients they use. Proven keys (a store's Reauthorize) never ask.
 * - **A fair reserve**: when the bucket is empty, a store host admitted fewer than `reservePerHost` callbacks in
 *   the last `hostQuietMs` may still take a token from a small reserve, so a flood from one host (or a few) cannot
 *   keep another store's first activation out, even when that store activated another integration a moment ago.
 *   A flood spread over many hosts can spend the reserve too; then new activations wait for the flood to end
 *   (proven stores are unaffected).
 * Counted in memory: cheap, and per process (every instance on PostgreSQL has its own, which the bounds in
 * docs/security.md multiply by).
 */
export interface CallbackAdmissionLimits {
  inFlight: number;
  unprovenBurst: number;
  unprovenPerSecond: number;
  reserveBurst: number;
  reservePerSecond: number;
  /** A host admitted fewer callbacks than this within `hostQuietMs` may take from the reserve. */
  reservePerHost: number;
  hostQuietMs: number;
}

export const DEFAULT_ADMISSION: CallbackAdmissionLimits = {
  inFlight: 512,
  unprovenBurst: 600,
  unprovenPerSecond: 10,
  reserveBurst: 30,
  reservePerSecond: 0.5,
  reservePerHost: 3,
  hostQuietMs: 60_000,
};

/** Hosts remembered for the fair reserve; past this the oldest is forgotten (memory stays bounded). */
const MAX_HOSTS = 10_000;

class TokenBucket {
  private tokens: number;
  private at: number | null = null;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
  ) {
    this.tokens = burst;
  }

  take(nowMs: number): boolean {
    if (this.at !== null) this.tokens = Math.min(this.burst, this.tokens + ((nowMs - this.at) / 1000) * this.perSecond);
    this.at = nowMs;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Seconds until one token is back. */
  wait(): number {
    return Math.max(1, Math.ceil((1 - this.tokens) / this.perSecond));
  }
}

export type UnprovenDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export class CallbackAdmission {
  private running = 0;
  private readonly bucket: TokenBucket;
  private readonly reserve: TokenBucket;
  /** Host → how many callbacks of never-proven keys from it were admitted since `since` (a `hostQuietMs` window). */
  private readonly admitted = new Map<string, { since: number; count: number }>();

  constructor(readonly limits: CallbackAdmissionLimits = DEFAULT_ADMISSION) {
    this.bucket = new TokenBucket(limits.unprovenBurst, limits.unprovenPerSecond);
    this.reserve = new TokenBucket(limits.reserveBurst, limits.reservePerSecond);
  }

  /** A slot for one callback, released by the function returned; null when `inFlight` are already running. */
  enter(): (() => void) | null {
    if (this.running >= this.limits.inFlight) return null;
    this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
    };
  }

  get inFlight(): number {
    return this.running;
  }

  /** A callback of a never-proven key from `host` (the store URL's host and port). */
  takeUnproven(host: string, nowMs: number): UnprovenDecision {
    const seen = this.admitted.get(host);
    const window = seen && nowMs - seen.since < this.limits.hostQuietMs ? seen : { since: nowMs, count: 0 };
    const fewSoFar = window.count < this.limits.reservePerHost;
    if (!this.bucket.take(nowMs) && !(fewSoFar && this.reserve.take(nowMs)))
      return { ok: false, retryAfterSeconds: this.bucket.wait() };
    window.count++;
    this.admitted.delete(host); // re-inserted last: the map's order is the order hosts were last admitted
    this.admitted.set(host, window);
    if (this.admitted.size > MAX_HOSTS) this.admitted.delete(this.admitted.keys().next().value as string);
    return { ok: true };
  }
}
