/**
 * Single-use links mailed to an address, the proof that whoever acts reads that address: a link request's
 * requester (purpose "link_request") and a new sign-in email (purpose "email_change"). The link carries a random
 * 256-bit token; only its SHA-256 is stored, so the database alone cannot produce a working link. A link works
 * once, for MAILED_LINK_TTL_MS. Its page only shows what it will do and asks for a button press (a POST): mail
 * scanners that open every link in a message never act on one.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Storage, MailedLinkRecord } from "@magento-integration/storage";

export const MAILED_LINK_TTL_MS = 30 * 60 * 1000;

const idOf = (token: string) => createHash("sha256").update(token).digest("base64url");
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export type MailedLinkFields = Pick<MailedLinkRecord, "purpose" | "userId"> &
  Partial<Pick<MailedLinkRecord, "installationId" | "activationId" | "email">>;

/** Stores a new link and returns its token (for the mail only: never logged, never stored). */
export async function issueMailedLink(storage: Storage, fields: MailedLinkFields, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await storage.mailedLinks.create({
    id: idOf(token),
    purpose: fields.purpose,
    userId: fields.userId,
    installationId: fields.installationId ?? null,
    activationId: fields.activationId ?? null,
    email: fields.email ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + MAILED_LINK_TTL_MS),
  });
  return token;
}

export type MailedLinkProblem = "used" | "expired" | "unknown";

/** The link's record while it is live (unused, not expired, of this purpose); otherwise what is wrong with it. */
export async function readMailedLink(
  storage: Storage,
  token: string,
  purpose: MailedLinkRecord["purpose"],
  now: Date,
): Promise<{ ok: true; link: MailedLinkRecord } | { ok: false; linkState: MailedLinkProblem }> {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, linkState: "unknown" };
  const link = await storage.mailedLinks.byId(idOf(token));
  if (!link || link.purpose !== purpose) return { ok: false, linkState: "unknown" };
  if (link.usedAt) return { ok: false, linkState: "used" };
  if (link.expiresAt <= now) return { ok: false, linkState: "expired" };
  return { ok: true, link };
}

/** Spends a live link once (call inside the transaction that does what it confirms). */
export async function spendMailedLink(
  storage: Storage,
  token: string,
  purpose: MailedLinkRecord["purpose"],
  now: Date,
): Promise<{ ok: true; link: MailedLinkRecord } | { ok: false; linkState: MailedLinkProblem }> {
  const read = await readMailedLink(storage, token, purpose, now);
  if (!read.ok) return read;
  if (!(await storage.mailedLinks.use(read.link.id, now))) return { ok: false, linkState: "used" };
  return read;
}

/** What to tell whoever opens a link that does not work. */
export const MAILED_LINK_PROBLEMS: Record<MailedLinkProblem, string> = {
  used: "This link was already used.",
  expired: `This link has expired (links work for ${MAILED_LINK_TTL_MS / 60000} minutes).`,
  unknown: "This link is not valid. Copy the whole link from the email.",
};

/**
 * Counts one use of an hourly allowance under `key` (LoginThrottle rows, like sign-ups); false when `limit` uses
 * were already counted in the current hour.
 */
export async function takeHourlyAllowance(storage: Storage, key: string, limit: number, now: Date): Promise<boolean> {
  return storage.transaction(async (tx) => {
    const [row] = await tx.throttle.lock([key], now);
    const current = row && now.getTime() - row.windowStart.getTime() < 60 * 60 * 1000 ? row : undefined;
    if ((current?.failures ?? 0) >= limit) return false;
    await tx.throttle.put(
      current
        ? { ...current, failures: current.failures + 1, lastAt: now }
        : { key, failures: 1, windowStart: now, nextAttemptAt: now, lastAt: now },
    );
    return true;
  });
}
