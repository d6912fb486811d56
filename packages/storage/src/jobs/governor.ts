/**
 * The rate governor of a lane (one store): every store call a job makes goes through `governedFetch`, which
 * watches the answers and pauses the lane for every worker (JobLane.pausedUntil; the fair fetch starts nothing
 * in a paused lane):
 * - 429 or 503: the store asks us to slow down. Paused for its Retry-After, or without one for a backoff that
 *   doubles with each such answer in a row (2 s, 4 s, … up to 5 min).
 * - Other 5xx and network failures, `circuitAfter` in a row: the circuit opens, the lane pauses for a cool-down
 *   that doubles while failures go on (1 min, 2 min, … up to 10 min); then jobs try again (half-open).
 * - Any other answer ends the streak and an open circuit with it.
 * The job that saw the answer is retried after the pause (packages/storage/src/jobs/worker.ts), signed again.
 */
import type { Logger } from "pino";
import { parseRetryAfter } from "@magento-integration/client";
import { metrics } from "../ops/metrics.ts";
import type { JobQueue } from "./queue.ts";

export interface GovernorPolicy {
  busyBaseMs: number;
  busyCapMs: number;
  circuitAfter: number;
  circuitOpenMs: number;
  circuitCapMs: number;
  /** A Retry-After longer than this is cut to it. */
  retryAfterCapMs: number;
}

export const DEFAULT_GOVERNOR: GovernorPolicy = {
  busyBaseMs: 2_000,
  busyCapMs: 5 * 60_000,
  circuitAfter: 5,
  circuitOpenMs: 60_000,
  circuitCapMs: 10 * 60_000,
  retryAfterCapMs: 60 * 60_000,
};

export type Verdict = { pause: null } | { pause: { ms: number; reason: string } };

/** What one answer means for the lane, given the failure streak that answer made (pure). */
export function judge(
  answer: { status: number; retryAfter: string | null } | { networkError: string },
  streak: number,
  nowMs: number,
  policy: GovernorPolicy = DEFAULT_GOVERNOR,
): Verdict {
  if ("networkError" in answer || answer.status >= 500) {
    const busy = !("networkError" in answer) && answer.status === 503;
    if (busy) return busyVerdict(answer.status, answer.retryAfter, streak, nowMs, policy);
    if (streak < policy.circuitAfter) return { pause: null };
    const ms = Math.min(policy.circuitCapMs, policy.circuitOpenMs * 2 ** (streak - policy.circuitAfter));
    const what =
      "networkError" in answer ? `network failures (${answer.networkError})` : `5xx answers (last ${answer.status})`;
    return { pause: { ms, reason: `circuit open: ${streak} ${what} in a row` } };
  }
  if (answer.status === 429) return busyVerdict(429, answer.retryAfter, streak, nowMs, policy);
  return { pause: null };
}

function busyVerdict(
  status: number,
  retryAfter: string | null,
  streak: number,
  nowMs: number,
  policy: GovernorPolicy,
): Verdict {
  const asked = parseRetryAfter(retryAfter, nowMs, policy.retryAfterCapMs);
  if (asked !== undefined)
    return { pause: { ms: asked, reason: `store answered ${status}, Retry-After ${Math.ceil(asked / 1000)} s` } };
  const ms = Math.min(policy.busyCapMs, policy.busyBaseMs * 2 ** Math.max(0, streak - 1));
  return { pause: { ms, reason: `store answered ${status} (no Retry-After): backing off ${Math.ceil(ms / 1000)} s` } };
}

/** Counts a failure (5xx, 429, network) towards the lane's streak: everything except a clean answer. */
function isFailure(answer: { status: number } | { networkError: string }): boolean {
  return "networkError" in answer || answer.status >= 500 || answer.status === 429;
}

/**
 * The store fetch a job gets for its lane: the same guarded fetch, watched by the governor. Keeps its own view of
 * the lane's streak so a healthy store costs no extra database write per call.
 */
export function governedFetch(
  base: typeof fetch,
  lane: string,
  deps: { lanes: JobQueue["lanes"]; now: () => Date; log: Logger; policy?: GovernorPolicy },
): typeof fetch {
  const policy = deps.policy ?? DEFAULT_GOVERNOR;
  let streakSeen = 0;
  const observe = async (answer: { status: number; retryAfter: string | null } | { networkError: string }) => {
    try {
      if (!isFailure(answer)) {
        if (streakSeen > 0) await deps.lanes.clearFailures(lane);
        streakSeen = 0;
        return;
      }
      streakSeen = await deps.lanes.addFailure(lane);
      const nowMs = deps.now().getTime();
      const verdict = judge(answer, streakSeen, nowMs, policy);
      if (verdict.pause) {
        await deps.lanes.pause(lane, new Date(nowMs + verdict.pause.ms), verdict.pause.reason);
        metrics().lanePauses.inc({
          why: verdict.pause.reason.startsWith("circuit open") ? "circuit_open" : "slow_down",
        });
        deps.log.warn({ lane, reason: verdict.pause.reason }, "store lane paused");
      }
    } catch (e) {
      deps.log.warn({ lane, err: (e as Error).message }, "rate governor could not record an answer");
    }
  };
  const watched: typeof fetch = async (input, init) => {
    let res: Response;
    try {
      res = await base(input, init);
    } catch (e) {
      await observe({ networkError: (e as Error).message.slice(0, 100) });
      throw e;
    }
    await observe({ status: res.status, retryAfter: res.headers.get("retry-after") });
    return res;
  };
  return watched;
}
