import type { Storage, ThrottleRow } from "@magento-integration/storage";
import { clientNetwork } from "./client-network.ts";

/**
 * The sign-up budgets (docs/security.md, "Accounts"), shared by every app instance (LoginThrottle rows), per
 * window of `windowMs`:
 * - `perAddress`: attempts with one email address, whatever comes of them. It is the only budget an attempt that
 *   creates no account spends (the address already had one).
 * - `global`: accounts created by everyone together at full speed. Past it, sign-ups slow down instead of stopping:
 *   one account per `overflowSpacingMs` for everyone together, and whoever comes in between is told how many
 *   seconds to wait.
 * - `perNetwork`: accounts created from one network (/24 IPv4, /64 IPv6, packages/handshake/src/auth/client-network.ts) of the
 *   address a trusted proxy reports; a twentieth of `global`, so no single client or network spends it.
 * - `perActivation`: accounts created inside a fresh activation's admin popup. That budget is the activation's
 *   own: nobody else's sign-ups can spend it, and it spends none of the shared ones.
 */
export const SIGN_UP_LIMITS = {
  perAddress: 5,
  global: 200,
  perNetwork: 10,
  perActivation: 5,
  overflowSpacingMs: 30_000,
  windowMs: 60 * 60 * 1000,
};

/** Who is signing up, as far as the app can tell. */
export interface SignUpClient {
  /** Address reported by a trusted proxy. */
  ip?: string;
  /** The fresh activation whose admin popup this sign-up comes from (lib/verbs/identity.ts `popupActivation`). */
  activationId?: string;
}

/** Why a sign-up may not go on now; `retryAt` when it may a little later (the shared budget is spent). */
export type SignUpRefusal =
  { refused: "address" } | { refused: "network" } | { refused: "activation" } | { refused: "busy"; retryAt: Date };

/** What a reservation took, to be settled (kept, or given back) once the insert says whether an account was made. */
export interface SignUpReservation {
  /** The shared keys it counted one against, with the window each count is in. */
  counted: Array<{ key: string; windowStart: Date }>;
  /** Past the global budget: the overflow slot it took (`set`) and what it replaced (`previous`). */
  overflow?: { key: string; previous: Date; set: Date };
}

const addressKey = (email: string) => `signup:address:${email.toLowerCase()}`;
const GLOBAL_KEY = "signup:all";

function sharedCaps(client: SignUpClient): Array<[string, number]> {
  if (client.activationId) return [[`signup:activation:${client.activationId}`, SIGN_UP_LIMITS.perActivation]];
  const caps: Array<[string, number]> = [[GLOBAL_KEY, SIGN_UP_LIMITS.global]];
  if (client.ip) caps.push([`signup:net:${clientNetwork(client.ip)}`, SIGN_UP_LIMITS.perNetwork]);
  return caps;
}

const inWindow = (row: ThrottleRow, now: Date) => now.getTime() - row.windowStart.getTime() < SIGN_UP_LIMITS.windowMs;

/** The row as counted in the current window (a new window starts from nothing). */
function current(row: ThrottleRow | undefined, key: string, now: Date): ThrottleRow {
  return row && inWindow(row, now) ? row : { key, failures: 0, windowStart: now, nextAttemptAt: now, lastAt: now };
}

/**
 * Takes one attempt from the address's budget and reserves one account in the shared ones, or refuses (nothing
 * taken). Counted before the password is hashed and the account inserted, so parallel sign-ups cannot slip past;
 * `settleSignUp` gives the shared reservation back when no account was created.
 */
export async function reserveSignUp(
  storage: Storage,
  email: string,
  client: SignUpClient,
  now: Date,
): Promise<SignUpReservation | SignUpRefusal> {
  const caps = sharedCaps(client);
  const address = addressKey(email);
  return storage.transaction(async (tx) => {
    const rows = await tx.throttle.lock([address, ...caps.map((c) => c[0])], now);
    const row = (key: string) =>
      current(
        rows.find((r) => r.key === key),
        key,
        now,
      );
    const mine = row(address);
    if (mine.failures >= SIGN_UP_LIMITS.perAddress) return { refused: "address" as const };
    for (const [key, cap] of caps) {
      if (key === GLOBAL_KEY || row(key).failures < cap) continue;
      return { refused: key.startsWith("signup:activation:") ? ("activation" as const) : ("network" as const) };
    }
    const reservation: SignUpReservation = { counted: [] };
    const all = row(GLOBAL_KEY);
    if (caps.some(([key]) => key === GLOBAL_KEY) && all.failures >= SIGN_UP_LIMITS.global) {
      // past the shared budget: one sign-up per spacing for everyone together, never a refusal for an hour
      if (all.nextAttemptAt > now) return { refused: "busy" as const, retryAt: all.nextAttemptAt };
      const set = new Date(now.getTime() + SIGN_UP_LIMITS.overflowSpacingMs);
      reservation.overflow = { key: GLOBAL_KEY, previous: all.nextAttemptAt, set };
    }
    await tx.throttle.put({ ...mine, failures: mine.failures + 1, lastAt: now });
    for (const [key] of caps) {
      const r = row(key);
      const nextAttemptAt = key === GLOBAL_KEY && reservation.overflow ? reservation.overflow.set : r.nextAttemptAt;
      await tx.throttle.put({ ...r, failures: r.failures + 1, nextAttemptAt, lastAt: now });
      reservation.counted.push({ key, windowStart: r.windowStart });
    }
    return reservation;
  });
}

/**
 * After the insert: an account was created, and the reservation stays spent; or none was (the address had one),
 * and every shared count is given back, the overflow slot too when nobody took the next one since. Both cases
 * lock and write the same rows, so the time taken does not say which it was.
 */
export async function settleSignUp(
  storage: Storage,
  reservation: SignUpReservation,
  created: boolean,
  now: Date,
): Promise<void> {
  if (reservation.counted.length === 0) return;
  await storage.transaction(async (tx) => {
    const rows = await tx.throttle.lock(
      reservation.counted.map((c) => c.key),
      now,
    );
    for (const { key, windowStart } of reservation.counted) {
      const r = rows.find((x) => x.key === key)!;
      const same = r.windowStart.getTime() === windowStart.getTime();
      const giveBack = !created && same && r.failures > 0;
      const slot = reservation.overflow?.key === key ? reservation.overflow : undefined;
      const freeSlot = giveBack && slot && r.nextAttemptAt.getTime() === slot.set.getTime();
      await tx.throttle.put({
        ...r,
        failures: giveBack ? r.failures - 1 : r.failures,
        nextAttemptAt: freeSlot ? slot.previous : r.nextAttemptAt,
        lastAt: now,
      });
    }
  });
}
