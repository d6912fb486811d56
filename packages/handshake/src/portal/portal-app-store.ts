/**
 * Per-user developer-portal settings in the PortalApp table: the app secret and the cached session token are
 * stored only as SecretBox envelopes. Takes storage and box as parameters (the composition root supplies them).
 */
import { z } from "zod";
import type { SecretBox, PortalAppRepo } from "@magento-integration/storage";
import type { PortalConfig, TokenCache } from "./session-token-client.ts";
import { KitError } from "@magento-integration/client";

export interface PortalSettings {
  appId: string;
  baseUrl: string;
  tokenPath: string;
  hasSecret: boolean;
  cached: { accountId: string; expiresAt: Date } | null;
  updatedAt: Date;
}

/** The cached token as sealed in the row (checked when opened: a row from an older version is just refetched). */
const sealedToken = z.object({
  ust: z.string(),
  idField: z.enum(["platform_id", "mage_id"]),
  expiresInSeconds: z.number(),
  obtainedAt: z.number(),
  refreshAt: z.number(),
});

/** A stored app secret may be reused only for the same portal base URL and application ID it was entered for. */
export function canKeepSecret(
  existing: Pick<PortalSettings, "baseUrl" | "appId" | "hasSecret">,
  next: { baseUrl: string; appId: string },
): boolean {
  return existing.hasSecret && existing.baseUrl === next.baseUrl && existing.appId === next.appId.trim();
}

export class PortalSecretRequiredError extends KitError {
  static override readonly brand: string = "PortalSecretRequiredError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "invalid_input", ...options });
  }
}

export function createPortalAppStore(db: PortalAppRepo, box: SecretBox) {
  return {
    async settings(userId: string): Promise<PortalSettings | null> {
      const row = await db.get(userId);
      if (!row) return null;
      return {
        appId: row.appId,
        baseUrl: row.baseUrl,
        tokenPath: row.tokenPath,
        hasSecret: row.appSecretEnc !== "",
        cached:
          row.cachedAccountId && row.cachedExpiresAt
            ? { accountId: row.cachedAccountId, expiresAt: row.cachedExpiresAt }
            : null,
        updatedAt: row.updatedAt,
      };
    },

    /** Saves settings; an empty secret keeps the stored one. Any change drops the cached token. */
    async save(
      userId: string,
      input: { appId: string; appSecret?: string; baseUrl: string; tokenPath: string },
    ): Promise<void> {
      if (!input.appSecret) {
        const row = await db.get(userId);
        const existing = row ? { baseUrl: row.baseUrl, appId: row.appId, hasSecret: row.appSecretEnc !== "" } : null;
        if (!existing || !canKeepSecret(existing, input)) {
          throw new PortalSecretRequiredError(
            "The application secret is required again when the base URL or application ID changes.",
          );
        }
      }
      await db.save(userId, {
        appId: input.appId,
        baseUrl: input.baseUrl,
        tokenPath: input.tokenPath,
        ...(input.appSecret ? { appSecretEnc: box.seal(input.appSecret) } : {}),
        cachedTokenEnc: null,
        cachedAccountId: null,
        cachedExpiresAt: null,
      });
    },

    async remove(userId: string): Promise<void> {
      await db.delete(userId);
    },

    /** The full config (secret opened) or null when not configured. */
    async config(userId: string): Promise<PortalConfig | null> {
      const row = await db.get(userId);
      if (!row || !row.appSecretEnc) return null;
      return {
        appId: row.appId,
        appSecret: box.open(row.appSecretEnc),
        baseUrl: row.baseUrl,
        tokenPath: row.tokenPath,
      };
    },

    /** A TokenCache backed by the row (token sealed). */
    tokenCache(userId: string): TokenCache {
      return {
        async get() {
          const row = await db.get(userId);
          if (!row?.cachedTokenEnc || !row.cachedAccountId || !row.cachedExpiresAt) return undefined;
          try {
            const t = sealedToken.parse(JSON.parse(box.open(row.cachedTokenEnc)));
            return { ...t, accountId: row.cachedAccountId, expiresAt: row.cachedExpiresAt.getTime() };
          } catch {
            return undefined; // unreadable (key rotated away, or an older shape): fetch a new one
          }
        },
        async set(t) {
          const sealed: z.infer<typeof sealedToken> = {
            ust: t.ust,
            idField: t.idField,
            expiresInSeconds: t.expiresInSeconds,
            obtainedAt: t.obtainedAt,
            refreshAt: t.refreshAt,
          };
          await db.setCachedToken(userId, {
            enc: box.seal(JSON.stringify(sealed)),
            accountId: t.accountId,
            expiresAt: new Date(t.expiresAt),
          });
        },
        async clear() {
          await db.setCachedToken(userId, null);
        },
      };
    },
  };
}

export type PortalAppStore = ReturnType<typeof createPortalAppStore>;
