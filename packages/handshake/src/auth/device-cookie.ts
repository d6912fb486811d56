import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * "This browser signed in to this email before": a signed cookie value listing (hashes of) the emails that
 * signed in successfully from it. Sign-in throttling gives such a browser its own bucket, so a stranger's
 * failures against the address never slow its owner down on a known device (packages/handshake/src/auth/throttle.ts).
 * Only a correct password adds an email, so the cookie cannot be minted for someone else's account.
 */
export const DEVICE_COOKIE = "kit_device";
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const MAX_EMAILS = 5;

interface DevicePayload {
  d: string;
  e: string[];
}

function mac(secret: string, data: string): string {
  return createHmac("sha256", `kit-device\u0000${secret}`).update(data).digest("base64url");
}

function emailTag(secret: string, email: string): string {
  return mac(secret, `email\u0000${email.toLowerCase()}`).slice(0, 16);
}

export function readDevice(secret: string, value: string | undefined): DevicePayload | null {
  if (!value || value.length > 1000) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const body = value.slice(0, dot);
  const sig = Buffer.from(value.slice(dot + 1));
  const want = Buffer.from(mac(secret, body));
  if (sig.length !== want.length || !timingSafeEqual(sig, want)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as DevicePayload;
    return typeof p.d === "string" && Array.isArray(p.e) ? p : null;
  } catch {
    return null;
  }
}

/** The device id when this browser signed in to `email` before, else undefined. */
export function knownDeviceFor(secret: string, value: string | undefined, email: string): string | undefined {
  const p = readDevice(secret, value);
  return p && p.e.includes(emailTag(secret, email)) ? p.d : undefined;
}

/** The cookie value after a successful sign-in to `email` (keeps the device id, remembers the last few emails). */
export function rememberDevice(secret: string, value: string | undefined, email: string): string {
  const p = readDevice(secret, value) ?? { d: randomBytes(12).toString("base64url"), e: [] };
  const tag = emailTag(secret, email);
  const e = [tag, ...p.e.filter((x) => x !== tag)].slice(0, MAX_EMAILS);
  const body = Buffer.from(JSON.stringify({ d: p.d, e })).toString("base64url");
  return `${body}.${mac(secret, body)}`;
}
