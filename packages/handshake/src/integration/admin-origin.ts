import { parseStrictUrl, type UrlProblem } from "@magento-integration/client/net";
import type { Storage } from "@magento-integration/storage";

/**
 * When the Magento admin runs on another host than the storefront (admin.example.com vs shop.example.com), the
 * popup's success_call_back has the admin's origin. A linked user allows it per installation, as an origin only.
 */
const EXAMPLE = "Enter an origin such as https://admin.example.com";
const ORIGIN_ONLY = "Enter only scheme, host and port (no path), e.g. https://admin.example.com";

/** Each problem as the diagnostics form shows it under the field. */
const ERRORS: Record<UrlProblem, string> = {
  too_long: EXAMPLE,
  bad_characters: EXAMPLE,
  not_http: EXAMPLE,
  unparsable: EXAMPLE,
  credentials: "The origin must not contain a user name or password",
  fragment: ORIGIN_ONLY,
  query: ORIGIN_ONLY,
  port_zero: "Port 0 is not a port a server listens on",
  dot_segments: ORIGIN_ONLY,
  path: ORIGIN_ONLY,
  not_canonical: ORIGIN_ONLY,
};

export function parseAdminOrigin(raw: string): { ok: true; origin: string | null } | { ok: false; error: string } {
  const v = raw.trim();
  if (v === "") return { ok: true, origin: null };
  const parsed = parseStrictUrl(v, { maxLength: 300, path: "none" });
  return parsed.ok ? { ok: true, origin: parsed.url.origin } : { ok: false, error: ERRORS[parsed.problem] };
}

export async function setAdminOriginFor(
  storage: Storage,
  installationId: string,
  userId: string,
  raw: string,
  now: Date,
) {
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
