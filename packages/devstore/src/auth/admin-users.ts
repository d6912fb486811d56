/** The store's admin users (seed: `admin` / `admin123`). */
import { timingSafeEqual } from "node:crypto";

const SEED_ADMINS: Record<string, string> = { admin: "admin123" };

export function verifyAdminPassword(username: string, password: string): boolean {
  const expected = SEED_ADMINS[username];
  if (expected === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(password);
  return a.length === b.length && timingSafeEqual(a, b);
}
