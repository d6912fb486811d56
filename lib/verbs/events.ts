/**
 * Store events (docs/store-events.md): the intake (routes call it), each installation's intake URLs and verifying
 * settings (the Events page and `npm run events`), recent deliveries, replay, and the store's Commerce webhook
 * subscriptions.
 */
import { z } from "zod";
import type { KitCore } from "./core";
import {
  createEventIntake,
  STORE_EVENT_JOB,
  storeEventJobOptions,
  createIoKeyCache,
  keyFingerprint,
  parseRsaPublicKey,
  type EventHandlers,
  type IoKeyLoader,
  type DeliveryLimiter,
  webhookSubscriptions,
  eventStorageView,
  OVER_BUDGET_DETAIL,
} from "@magento-integration/sync/events";
import type { DeliveryRecord, EventChannel } from "@magento-integration/storage";
import { adviceFor } from "@magento-integration/client/advice";

export interface EventIntakeUrls {
  commerceWebhookUrl: string;
  ioEventsUrl: string;
}

export interface DeliveryView {
  id: string;
  channel: EventChannel;
  outcome: DeliveryRecord["outcome"];
  detail: string | null;
  eventName: string | null;
  count: number;
  receivedAt: Date;
  lastAt: Date;
  /** A stored verified delivery can be handled again. */
  replayable: boolean;
}

export type SettingResult = { ok: true; fingerprint?: string } | { ok: false; error: string };

const ioClientIdSchema = z
  .string()
  .trim()
  .min(1, "The I/O client id is empty: copy it from the Developer Console project's credentials.")
  .max(255, "The I/O client id is at most 255 characters.")
  .regex(/^[A-Za-z0-9._-]+$/, "The I/O client id has letters, digits, dots, dashes and underscores only.");

const MAX_PEM_CHARS = 16 * 1024;
const RECENT = 25;

const toView = (r: DeliveryRecord): DeliveryView => ({
  id: r.id,
  channel: r.channel,
  outcome: r.outcome,
  detail: r.detail,
  eventName: r.eventName,
  count: r.count,
  receivedAt: r.receivedAt,
  lastAt: r.lastAt,
  replayable: r.bodyEnc !== null && r.outcome !== "answered",
});

export function eventVerbs(
  core: KitCore,
  o: { handlers: () => EventHandlers; limiter: DeliveryLimiter; ioKeyLoader?: IoKeyLoader; bodyWithinMs?: number },
) {
  const loadIoKey =
    o.ioKeyLoader ?? createIoKeyCache({ origin: core.env.ioEventsKeyOrigin, fetch: core.fetch, now: core.now });
  const intake = createEventIntake({
    storage: core.storage,
    box: core.box,
    log: core.log,
    now: core.now,
    send: core.sendGrouped,
    sendOne: core.send,
    giveWay: core.giveWay,
    limiter: o.limiter,
    budgets: core.env.eventBudgets,
    loadIoKey,
    handlers: o.handlers,
    ...(o.bodyWithinMs ? { bodyWithinMs: o.bodyWithinMs } : {}),
  });

  const urls = (installationId: string): EventIntakeUrls => ({
    commerceWebhookUrl: `${core.env.appUrl}/api/events/commerce/${encodeURIComponent(installationId)}`,
    ioEventsUrl: `${core.env.appUrl}/api/events/io/${encodeURIComponent(installationId)}`,
  });

  /** Whether `userId` is linked to the installation (every page and action of a user checks it). */
  const linked = async (installationId: string, userId: string) =>
    (await core.storage.installations.forUser(installationId, userId)) !== null;

  return {
    intake,
    urls,

    /** The Events page of one of the user's stores (null: not theirs). */
    async pageFor(installationId: string, userId: string) {
      if (!(await linked(installationId, userId))) return null;
      const source = await core.storage.storeEvents.source(installationId);
      const recent = await this.recent(installationId);
      const [storeBytes, appBytes, installation, app] = await Promise.all([
        core.storage.storeEvents.storedBytes(installationId),
        core.storage.storeEvents.storedBytes(),
        core.storage.storeEvents.refusalTotals(installationId, [OVER_BUDGET_DETAIL.installation]),
        core.storage.storeEvents.refusalTotals(installationId, [OVER_BUDGET_DETAIL.app]),
      ]);
      // the newest Commerce refusal says the key no longer matches: the merchant regenerated the pair
      const mismatch = recent.commerce.find(
        (d) =>
          d.outcome === "refused" &&
          d.detail?.includes("regenerated") &&
          d.lastAt > (source?.commerceKeySetAt ?? new Date(0)),
      );
      return {
        ...urls(installationId),
        commerceKeyFingerprint: source?.commerceKeyFingerprint ?? null,
        commerceKeySetAt: source?.commerceKeySetAt ?? null,
        ioClientId: source?.ioClientId ?? null,
        keyMismatch: mismatch ? adviceFor("webhook_key_mismatch") : null,
        /** What this store's kept deliveries take of the budgets, and the deliveries not kept for them. */
        storage: eventStorageView(core.env.eventBudgets, { storeBytes, appBytes }, { installation, app }),
        decisionHooks: (o.handlers().decisionHooks ?? []).map((h) => ({
          eventName: h.eventName,
          budgetMs: h.budgetMs,
          failure: h.failure,
        })),
        recent,
      };
    },

    async setCommerceKeyFor(installationId: string, userId: string, pem: string): Promise<SettingResult> {
      if (!(await linked(installationId, userId))) return { ok: false, error: "No such store for this account." };
      return this.setCommerceKey(installationId, pem);
    },
    async setIoClientIdFor(installationId: string, userId: string, clientId: string): Promise<SettingResult> {
      if (!(await linked(installationId, userId))) return { ok: false, error: "No such store for this account." };
      return this.setIoClientId(installationId, clientId);
    },
    async replayFor(installationId: string, userId: string, deliveryId: string): Promise<SettingResult> {
      if (!(await linked(installationId, userId))) return { ok: false, error: "No such store for this account." };
      return this.replay(installationId, deliveryId);
    },

    /** The intake URLs and settings of an installation (null when it does not exist). */
    async show(installationId: string) {
      const inst = await core.storage.installations.byId(installationId);
      if (!inst) return null;
      const source = await core.storage.storeEvents.source(installationId);
      return {
        installationId,
        ...urls(installationId),
        commerceKeyFingerprint: source?.commerceKeyFingerprint ?? null,
        commerceKeySetAt: source?.commerceKeySetAt?.toISOString() ?? null,
        ioClientId: source?.ioClientId ?? null,
      };
    },

    /** Sets the store's Commerce webhook public key (the PEM from "Regenerate key pair"). */
    async setCommerceKey(installationId: string, pem: string): Promise<SettingResult> {
      if (pem.length > MAX_PEM_CHARS)
        return {
          ok: false,
          error:
            "That is too long for a public key: paste the PEM block the store shows (BEGIN PUBLIC KEY … END PUBLIC KEY).",
        };
      const key = parseRsaPublicKey(pem.trim());
      if (!key)
        return {
          ok: false,
          error:
            "That is not an RSA public key in PEM form: paste the whole block from -----BEGIN PUBLIC KEY----- to -----END PUBLIC KEY-----.",
        };
      if (!(await core.storage.installations.byId(installationId))) return { ok: false, error: "No such store." };
      const fingerprint = keyFingerprint(key);
      await core.storage.storeEvents.setCommerceKey(
        installationId,
        key.export({ type: "spki", format: "pem" }).toString(),
        fingerprint,
        core.now(),
      );
      return { ok: true, fingerprint };
    },

    /** Sets the client id of the I/O Events registration that delivers to this store's URL. */
    async setIoClientId(installationId: string, clientId: string): Promise<SettingResult> {
      const parsed = ioClientIdSchema.safeParse(clientId);
      if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message };
      if (!(await core.storage.installations.byId(installationId))) return { ok: false, error: "No such store." };
      await core.storage.storeEvents.setIoClientId(installationId, parsed.data);
      return { ok: true };
    },

    async recent(installationId: string): Promise<Record<EventChannel, DeliveryView[]>> {
      const [commerce, io] = await Promise.all([
        core.storage.storeEvents.recent(installationId, "commerce", RECENT),
        core.storage.storeEvents.recent(installationId, "io", RECENT),
      ]);
      return { commerce: commerce.map(toView), io: io.map(toView) };
    },

    /** Handles a stored delivery again (a fixed handler, a failed refresh). */
    async replay(installationId: string, deliveryId: string): Promise<SettingResult> {
      const d = await core.storage.storeEvents.byId(deliveryId);
      const inst = await core.storage.installations.byId(installationId);
      if (!d || !inst || d.installationId !== installationId || !d.bodyEnc || d.outcome === "answered")
        return {
          ok: false,
          error: "That delivery cannot be replayed (refusals and decision-hook answers are not stored).",
        };
      await core.storage.storeEvents.setOutcome(deliveryId, "queued", `replayed; was ${d.outcome}`, { at: core.now() });
      await core.send(
        STORE_EVENT_JOB,
        { deliveryId },
        { ...storeEventJobOptions(deliveryId, inst.store.baseUrl, installationId), key: `event:${deliveryId}:replay` },
      );
      return { ok: true };
    },

    subscriptions: webhookSubscriptions(urls),
  };
}
