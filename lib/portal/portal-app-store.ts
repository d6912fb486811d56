/**
 * Per-user developer-portal settings in the PortalApp table: the app secret and the cached session token are
 * stored only as SecretBox envelopes. Takes the db and box as parameters (the composition root supplies them).
 */
import type { SecretBox } from "@/lib/secret-box";
import type { PortalConfig, SessionToken, TokenCache } from "./session-token-client";

interface PortalAppRow {
  appId: string;
  appSecretEnc: string;
  baseUrl: string;
  tokenPath: string;
  cachedTokenEnc: string | null;
  cachedAccountId: string | null;
  cachedExpiresAt: Date | null;
  updatedAt: Date;
}

/** The slice of the Prisma client this module uses. */
export interface PortalAppDb {
  portalApp: {
    findUnique(args: { where: { userId: string } }): Promise<PortalAppRow | null>;
    upsert(args: { where: { userId: string }; create: Record<string, unknown> & { userId: string }; update: Record<string, unknown> }): Promise<unknown>;
    updateMany(args: { where: { userId: string }; data: Record<string, unknown> }): Promise<unknown>;
    deleteMany(args: { where: { userId: string } }): Promise<unknown>;
  };
}

export interface PortalSettings {
  appId: string;
  baseUrl: string;
  tokenPath: string;
  hasSecret: boolean;
  cached: { accountId: string; expiresAt: Date } | null;
  updatedAt: Date;
}

interface SealedToken {
  ust: string;
  idField: SessionToken["idField"];
  expiresInSeconds: number;
  obtainedAt: number;
  refreshAt: number;
}

/** A stored app secret may be reused only for the same portal base URL and application ID it was entered for. */
export function canKeepSecret(existing: Pick<PortalSettings, "baseUrl" | "appId" | "hasSecret">, next: { baseUrl: string; appId: string }): boolean {
  return existing.hasSecret && existing.baseUrl === next.baseUrl && existing.appId === next.appId.trim();
}

export class PortalSecretRequiredError extends Error {
  override readonly name = "PortalSecretRequiredError";
}

export function createPortalAppStore(db: PortalAppDb, box: SecretBox) {
  return {
    async settings(userId: string): Promise<PortalSettings | null> {
      const row = await db.portalApp.findUnique({ where: { userId } });
      if (!row) return null;
      return {
        appId: row.appId,
        baseUrl: row.baseUrl,
        tokenPath: row.tokenPath,
        hasSecret: row.appSecretEnc !== "",
        cached: row.cachedAccountId && row.cachedExpiresAt ? { accountId: row.cachedAccountId, expiresAt: row.cachedExpiresAt } : null,
        updatedAt: row.updatedAt,
      };
    },

    /** Saves settings; an empty secret keeps the stored one. Any change drops the cached token. */
    async save(userId: string, input: { appId: string; appSecret?: string; baseUrl: string; tokenPath: string }): Promise<void> {
      if (!input.appSecret) {
        const row = await db.portalApp.findUnique({ where: { userId } });
        const existing = row ? { baseUrl: row.baseUrl, appId: row.appId, hasSecret: row.appSecretEnc !== "" } : null;
        if (!existing || !canKeepSecret(existing, input)) {
          throw new PortalSecretRequiredError("The application secret is required again when the base URL or application ID changes.");
        }
      }
      const secret = input.appSecret ? { appSecretEnc: box.seal(input.appSecret) } : {};
      const reset = { cachedTokenEnc: null, cachedAccountId: null, cachedExpiresAt: null };
      await db.portalApp.upsert({
        where: { userId },
        create: { userId, appId: input.appId, baseUrl: input.baseUrl, tokenPath: input.tokenPath, appSecretEnc: input.appSecret ? box.seal(input.appSecret) : "", ...reset },
        update: { appId: input.appId, baseUrl: input.baseUrl, tokenPath: input.tokenPath, ...secret, ...reset },
      });
    },

    async remove(userId: string): Promise<void> {
      await db.portalApp.deleteMany({ where: { userId } });
    },

    /** The full config (secret opened) or null when not configured. */
    async config(userId: string): Promise<PortalConfig | null> {
      const row = await db.portalApp.findUnique({ where: { userId } });
      if (!row || !row.appSecretEnc) return null;
      return { appId: row.appId, appSecret: box.open(row.appSecretEnc), baseUrl: row.baseUrl, tokenPath: row.tokenPath };
    },

    /** A TokenCache backed by the row (token sealed). */
    tokenCache(userId: string): TokenCache {
      return {
        async get() {
          const row = await db.portalApp.findUnique({ where: { userId } });
          if (!row?.cachedTokenEnc || !row.cachedAccountId || !row.cachedExpiresAt) return undefined;
          try {
            const t = JSON.parse(box.open(row.cachedTokenEnc)) as SealedToken;
            return { ...t, accountId: row.cachedAccountId, expiresAt: row.cachedExpiresAt.getTime() };
          } catch {
            return undefined; // unreadable (key rotated away): fetch a new one
          }
        },
        async set(t) {
          const sealed: SealedToken = { ust: t.ust, idField: t.idField, expiresInSeconds: t.expiresInSeconds, obtainedAt: t.obtainedAt, refreshAt: t.refreshAt };
          await db.portalApp.updateMany({
            where: { userId },
            data: { cachedTokenEnc: box.seal(JSON.stringify(sealed)), cachedAccountId: t.accountId, cachedExpiresAt: new Date(t.expiresAt) },
          });
        },
        async clear() {
          await db.portalApp.updateMany({ where: { userId }, data: { cachedTokenEnc: null, cachedAccountId: null, cachedExpiresAt: null } });
        },
      };
    },
  };
}

export type PortalAppStore = ReturnType<typeof createPortalAppStore>;
