import { createHash, randomBytes } from "node:crypto";
import type { Storage, SessionRecord } from "@magento-integration/storage";

/**
 * Server-side sessions: the sealed cookie carries a random token, the Session table its SHA-256. A session is
 * valid only while its row exists, is not revoked and has not expired, so sign-out, a password change
 * (`revokeAllSessions`) or expiry ends it for every copy of the cookie.
 */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often per session (one write per page view would be wasteful). */
const SEEN_EVERY_MS = 5 * 60 * 1000;

function idOf(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export async function createSession(storage: Storage, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await storage.sessions.create({
    id: idOf(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

/** The user of a live session, or null (unknown, revoked or expired token). */
export async function resolveSession(
  storage: Storage,
  token: string | undefined,
  now: Date,
): Promise<{ userId: string } | null> {
  const live = await resolveSessionUser(storage, token, now);
  return live ? { userId: live.userId } : null;
}

/** The same with the user's email, from the same one read (what every signed-in page shows). */
export async function resolveSessionUser(
  storage: Storage,
  token: string | undefined,
  now: Date,
): Promise<{ userId: string; email: string } | null> {
  const row = await liveSessionRead(storage, token, now, (id) => storage.sessions.byIdWithUser(id));
  return row ? { userId: row.userId, email: row.email } : null;
}

/**
 * The row `read` returns for the session of this token, when that session is live (null: unknown, revoked or
 * expired token); its lastSeenAt is written at most every few minutes. `read` may read more in the same query
 * (a store's page reads the store with the session: SessionRepo.byIdWithStorePage).
 */
export async function liveSessionRead<R extends SessionRecord>(
  storage: Storage,
  token: string | undefined,
  now: Date,
  read: (sessionId: string) => Promise<R | null>,
): Promise<R | null> {
  if (typeof token !== "string" || token.length < 20 || token.length > 100) return null;
  const row = await read(idOf(token));
  if (!row || row.revokedAt || row.expiresAt <= now) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > SEEN_EVERY_MS)
    await storage.sessions.touch(row.id, now).catch(() => undefined);
  return row;
}

export async function revokeSession(storage: Storage, token: string | undefined, now: Date): Promise<void> {
  if (!token) return;
  await storage.sessions.revoke(idOf(token), now);
}

/** Ends every session of the user (password change, "sign out everywhere"). Returns how many were live. */
export async function revokeAllSessions(storage: Storage, userId: string, now: Date): Promise<number> {
  return storage.sessions.revokeAllOfUser(userId, now);
}

/** Ends every session of the user except the one with this token (a change made from that browser). */
export async function revokeOtherSessions(
  storage: Storage,
  userId: string,
  keepToken: string | undefined,
  now: Date,
): Promise<number> {
  return storage.sessions.revokeAllOfUser(userId, now, keepToken ? idOf(keepToken) : undefined);
}

/** Expired sessions, and revoked ones a day after revocation, are deleted. */
export async function pruneSessions(storage: Storage, now: Date): Promise<number> {
  return storage.sessions.prune(now, new Date(now.getTime() - 24 * 60 * 60 * 1000));
}
