/**
 * The developer-portal (Marketplace EQP) side: registered applications, session tokens (`ust`) and user
 * profiles. Tokens expire after `expires_in` seconds on the store clock.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";

export interface PortalApp {
  appId: string;
  appSecret: string;
  /** The account the application is registered to. */
  mageId: string;
}

export interface PortalUser {
  mage_id: string;
  adobe_user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  screen_name: string;
  has_completed_profile: boolean;
  has_accepted_tos: boolean;
  profile_image_artifact: { filename: string; url: string };
  vendor_name: string;
  partner_level: string;
  locale: string;
  timezone: string;
  api_callbacks: { url: string; type: string }[];
  personal_profile: Record<string, unknown>;
  company_profile: Record<string, unknown>;
  organizations: { org_id: string; org_name: string }[];
}

export const DEMO_APP: PortalApp = { appId: "demo-app-id", appSecret: "demo-app-secret", mageId: "MAG123456789" };

export const DEMO_USER: PortalUser = {
  mage_id: "MAG123456789",
  adobe_user_id: "4F1A2B3C5D6E7F8091A2B3C4@AdobeID",
  first_name: "Demo",
  last_name: "Developer",
  email: "developer@example.com",
  screen_name: "demo-dev",
  has_completed_profile: true,
  has_accepted_tos: true,
  profile_image_artifact: { filename: "avatar.png", url: "https://example.com/avatar.png" },
  vendor_name: "Demo Vendor",
  partner_level: "none",
  locale: "en_US",
  timezone: "UTC",
  api_callbacks: [],
  personal_profile: { city: "Austin", country: "US" },
  company_profile: { name: "Demo Vendor Inc.", website: "https://example.com" },
  organizations: [{ org_id: "ORG0001", org_name: "Demo Vendor" }],
};

/** The summary style stops after `profile_image_artifact`. */
export const SUMMARY_FIELDS = [
  "mage_id",
  "adobe_user_id",
  "first_name",
  "last_name",
  "email",
  "screen_name",
  "has_completed_profile",
  "has_accepted_tos",
  "profile_image_artifact",
] as const;

export class PortalState {
  private readonly tokens = new Map<string, { mageId: string; expiresAt: number }>();
  readonly apps = new Map<string, PortalApp>([[DEMO_APP.appId, DEMO_APP]]);
  readonly users = new Map<string, PortalUser>([[DEMO_USER.mage_id, DEMO_USER]]);

  constructor(
    private readonly nowSeconds: () => number,
    /** The system maximum (and default) token lifetime. */
    readonly maxTtlSeconds: number,
  ) {}

  /** The application for Basic credentials, or undefined. */
  authenticateApp(appId: string, secret: string): PortalApp | undefined {
    const app = this.apps.get(appId);
    if (!app) return undefined;
    const a = Buffer.from(app.appSecret);
    const b = Buffer.from(secret);
    return a.length === b.length && timingSafeEqual(a, b) ? app : undefined;
  }

  issue(app: PortalApp, requestedTtl: number | undefined): { ust: string; expiresIn: number } {
    const expiresIn = Math.min(requestedTtl ?? this.maxTtlSeconds, this.maxTtlSeconds);
    const ust = randomBytes(24).toString("base64url");
    this.tokens.set(ust, { mageId: app.mageId, expiresAt: this.nowSeconds() + expiresIn });
    return { ust, expiresIn };
  }

  /** "unknown" / "expired" / the token's mage_id. */
  check(ust: string): { ok: true; mageId: string } | { ok: false; reason: "unknown" | "expired" } {
    const t = this.tokens.get(ust);
    if (!t) return { ok: false, reason: "unknown" };
    if (t.expiresAt <= this.nowSeconds()) return { ok: false, reason: "expired" };
    return { ok: true, mageId: t.mageId };
  }

  clear(): void {
    this.tokens.clear();
  }
}
