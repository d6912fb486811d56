/**
 * Adobe I/O Events public keys, fetched only from the fixed key host (env ioEventsKeyOrigin: Adobe's host; a
 * different origin is accepted only outside production, for tests and the dev store's stand-in) through the
 * guarded fetch, read with a bound, and cached (docs/security.md, "Store events"). Deliveries are unauthenticated
 * until their key is had, so what a stranger can make this fetch is bounded, per process:
 * - a key that loaded is kept 24 h (Adobe's SDK keeps it as long) in a cache of its own: only another key that
 *   loads can push it out, never a failure or a made-up path; a failed refresh keeps serving it;
 * - a path that failed is not asked for again for a minute; failures live in their own bounded list;
 * - at most NEW_PATHS_PER_MINUTE paths never loaded before are fetched a minute, one fetch in flight per path and
 *   MAX_IN_FLIGHT in all; past any of these the key is "unavailable" at once and nothing is fetched.
 */
import type { KeyObject } from "node:crypto";
import { readCapped } from "@magento-integration/client/net";
import { parseRsaPublicKey } from "./commerce-signature.ts";
import { isAdobeKeyPath, type IoKeyLoader } from "./io-signature.ts";

const KEEP_MS = 24 * 60 * 60_000;
const FAILED_MS = 60_000;
/** Loaded keys kept (Adobe uses two at a time, per environment). */
const MAX_KEYS = 64;
/** Failed paths remembered; the oldest is forgotten first (it only costs one more fetch under the budget). */
const MAX_FAILED = 1024;
export const NEW_PATHS_PER_MINUTE = 4;
export const MAX_IN_FLIGHT = 4;
const MAX_KEY_BYTES = 16 * 1024;
const FETCH_TIMEOUT_MS = 5_000;

export interface IoKeyCacheOptions {
  origin: string;
  fetch: typeof fetch;
  now: () => Date;
}

export interface IoKeyCache extends IoKeyLoader {
  /** Loaded keys held. */
  size(): number;
}

export function createIoKeyCache(o: IoKeyCacheOptions): IoKeyCache {
  const origin = new URL(o.origin).origin;
  const loaded = new Map<string, { key: KeyObject; until: number }>();
  const failed = new Map<string, number>();
  const inFlight = new Map<string, Promise<KeyObject | null>>();
  /** Start times of the fetches of never-loaded paths in the last minute. */
  let newPathFetches: number[] = [];

  async function fetchKey(path: string): Promise<KeyObject | null> {
    try {
      const res = await o.fetch(`${origin}${path}`, {
        redirect: "error",
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (res.status !== 200) {
        await res.body?.cancel().catch(() => undefined);
        return null;
      }
      const pem = await readCapped(res.body, MAX_KEY_BYTES);
      return pem === null ? null : parseRsaPublicKey(pem);
    } catch {
      return null;
    }
  }

  /** One fetch of `path`, shared by everyone asking meanwhile; the result goes to the list it belongs in. */
  function start(path: string, now: number): Promise<KeyObject | null> {
    const stale = loaded.get(path);
    const pending = fetchKey(path).then((key) => {
      inFlight.delete(path);
      const at = o.now().getTime();
      if (key) {
        failed.delete(path);
        loaded.delete(path);
        loaded.set(path, { key, until: at + KEEP_MS });
        while (loaded.size > MAX_KEYS) loaded.delete(loaded.keys().next().value as string);
        return key;
      }
      if (stale) {
        // a refresh that failed: the key that loaded stays in use, asked for again in a minute
        loaded.set(path, { key: stale.key, until: at + FAILED_MS });
        return stale.key;
      }
      failed.delete(path);
      failed.set(path, at + FAILED_MS);
      while (failed.size > MAX_FAILED) failed.delete(failed.keys().next().value as string);
      return null;
    });
    inFlight.set(path, pending);
    if (!stale) newPathFetches.push(now);
    return pending;
  }

  const loader = async (path: string): Promise<KeyObject | null> => {
    if (!isAdobeKeyPath(path)) return null;
    const now = o.now().getTime();
    const hit = loaded.get(path);
    if (hit && hit.until > now) return hit.key;
    const pending = inFlight.get(path);
    if (pending) return pending;
    if (inFlight.size >= MAX_IN_FLIGHT) return hit?.key ?? null;
    if (!hit) {
      if ((failed.get(path) ?? 0) > now) return null;
      newPathFetches = newPathFetches.filter((t) => now - t < 60_000);
      if (newPathFetches.length >= NEW_PATHS_PER_MINUTE) return null;
    }
    return start(path, now);
  };
  return Object.assign(loader, { size: () => loaded.size });
}
