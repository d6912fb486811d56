/**
 * Adobe I/O Events public keys, fetched only from the fixed key host (env ioEventsKeyOrigin: Adobe's host; a
 * different origin is accepted only outside production, for tests and the dev store's stand-in) through the
 * guarded fetch, read with a bound, and cached: a key that loaded is kept 24 h (Adobe's SDK keeps it as long),
 * one that failed is not asked for again for a minute, and at most MAX_KEYS are held (a flood of made-up paths
 * cannot grow memory, and each path was already checked to be in Adobe's shape).
 */
import type { KeyObject } from "node:crypto";
import { readCapped } from "@/lib/net/read-capped";
import { parseRsaPublicKey } from "./commerce-signature";
import { isAdobeKeyPath, type IoKeyLoader } from "./io-signature";

const KEEP_MS = 24 * 60 * 60_000;
const FAILED_MS = 60_000;
const MAX_KEYS = 256;
const MAX_KEY_BYTES = 16 * 1024;
const FETCH_TIMEOUT_MS = 5_000;

export interface IoKeyCacheOptions {
  origin: string;
  fetch: typeof fetch;
  now: () => Date;
}

export function createIoKeyCache(o: IoKeyCacheOptions): IoKeyLoader & { size(): number } {
  const origin = new URL(o.origin).origin;
  const entries = new Map<string, { key: KeyObject | null; until: number; pending?: Promise<KeyObject | null> }>();

  async function load(path: string): Promise<KeyObject | null> {
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

  const loader = async (path: string): Promise<KeyObject | null> => {
    if (!isAdobeKeyPath(path)) return null;
    const now = o.now().getTime();
    const hit = entries.get(path);
    if (hit?.pending) return hit.pending;
    if (hit && hit.until > now) return hit.key;
    const pending = load(path);
    entries.set(path, { key: null, until: 0, pending });
    const key = await pending;
    entries.delete(path);
    entries.set(path, { key, until: now + (key ? KEEP_MS : FAILED_MS) });
    while (entries.size > MAX_KEYS) entries.delete(entries.keys().next().value as string);
    return key;
  };
  return Object.assign(loader, { size: () => entries.size });
}
