/**
 * The lanes of a store's jobs (fairness, the per-store cap and the rate governor count on a lane: packages/storage/src/jobs/queue.ts).
 * Every package that sends a store's jobs names its lane with these: the handshake, store events, the kit's kinds.
 */
import { UNPROVEN_LANE_PREFIX, UNPROVEN_RECORDING_PREFIX } from "./queue.ts";

/** A store URL's host and port (a URL that does not parse stands for itself). */
function hostOf(storeBaseUrl: string): string {
  try {
    return new URL(storeBaseUrl).host;
  } catch {
    return storeBaseUrl;
  }
}

/**
 * Every proven store's jobs share one lane per host (host and port): fairness and the per-store cap are counted
 * on it. By host, not by URL: paths on one host are one server, and would otherwise each be a lane of their own.
 */
export function storeLane(storeBaseUrl: string): string {
  return `store:${hostOf(storeBaseUrl)}`;
}

/** The lane of a store no exchange proved yet: per host too, in the capped class of never-proven work (packages/storage/src/jobs/queue.ts). */
export function unprovenLane(storeBaseUrl: string): string {
  return `${UNPROVEN_LANE_PREFIX}${hostOf(storeBaseUrl)}`;
}

/** Where a never-proven store's callbacks are recorded: per host, in the capped recording class (packages/storage/src/jobs/queue.ts). */
export function unprovenRecordingLane(storeBaseUrl: string): string {
  return `${UNPROVEN_RECORDING_PREFIX}${hostOf(storeBaseUrl)}`;
}

/** The lane of a store's handshake jobs: its own while it is proven, the never-proven class until then. */
export function handshakeLane(storeBaseUrl: string, proven: boolean): string {
  return proven ? storeLane(storeBaseUrl) : unprovenLane(storeBaseUrl);
}
