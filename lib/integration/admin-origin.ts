import type { Storage } from "@/lib/storage/storage";

/**
 * When the Magento admin runs on another host than the storefront (admin.example.com vs shop.example.com), the
 * popup's success_call_back has the admin's origin. A linked user allows it per installation, as an origin only.
 */
export function parseAdminOrigin(raw: string): { ok: true; origin: string | null } | { ok: false; error: string } {
  const v = raw.trim();
  if (v === "") return { ok: true, origin: null };
  if (!/^https?:\/\/[^/]/i.test(v) || v.length > 300) return { ok: false, error: "Enter an origin such as https://admin.example.com" };
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return { ok: false, error: "Enter an origin such as https://admin.example.com" };
  }
  if (u.username || u.password || v.includes("@")) return { ok: false, error: "The origin must not contain a user name or password" };
  if (u.port === "0") return { ok: false, error: "Port 0 is not a port a server listens on" };
  if ((u.pathname !== "/" && u.pathname !== "") || u.search || u.hash || /[?#]/.test(v)) {
    return { ok: false, error: "Enter only scheme, host and port (no path), e.g. https://admin.example.com" };
  }
  return { ok: true, origin: u.origin };
}

export async function setAdminOriginFor(storage: Storage, installationId: string, userId: string, raw: string, now: Date) {
  const parsed = parseAdminOrigin(raw);
  if (!parsed.ok) return parsed;
  const inst = await storage.installations.forUser(installationId, userId);
  if (!inst) return { ok: false as const, error: "No such store for this account." };
  // Per installation, not per store: a user linked to one integration must not widen another's return address.
  await storage.installations.setAdminOrigin(inst.id, parsed.origin);
  await storage.events.add({
    installationId: inst.id,
    kind: "admin_origin",
    message: parsed.origin ? `Admin origin set to ${parsed.origin}.` : "Admin origin cleared (same as the store).",
    at: now,
  });
  return { ok: true as const, origin: parsed.origin };
}
