/**
 * The intake of pushed store events (docs/store-events.md): one URL per installation and channel. Order of work,
 * for every request:
 * 1. read the raw body once, under a size cap and a time limit (a slow drip is cut off);
 * 2. look the installation up and verify the signature over the exact bytes received, before any parsing. An
 *    unknown installation, or one with no key (Commerce) or no I/O client id (I/O Events) configured, is verified
 *    against a throw-away key, with nothing fetched, so the answer and the work done are the same as for a wrong
 *    signature: nobody learns which installations exist, and no stranger makes the app fetch a key;
 * 3. parse the payload (zod), check the I/O recipient, count the delivery in the installation's budget;
 * 4. a Commerce decision hook runs inline under its budget and its answer goes back to the store;
 * 5. otherwise: de-duplicate (I/O `event_id`; Commerce: the entity's id and `updated_at`, commerce-dedupe.ts), store the sealed body
 *    within the stored-bytes budgets (budget.ts: past one, the delivery is folded with the refusals, not kept),
 *    enqueue one job (a Commerce webhook's starts COMMERCE_JOB_DELAY_MS later: the store's action has not committed
 *    yet), and answer at once (`{"op":"success"}` to Commerce). The row and its job are two writes: a
 *    repeat of a delivery still `queued` sends its job again, de-duplicated on the job's key, so a failure between
 *    the two (the first request answered 5xx) is mended by the store's retry instead of dropping the event.
 * Refusals are folded: one row per channel, installation, reason and minute, however many arrive.
 */
import { generateKeyPairSync, randomUUID, type KeyObject } from "node:crypto";
import type { Logger } from "pino";
import type { SecretBox, Storage, DeliveryRecord, EventChannel } from "@magento-integration/storage";
import { type SendOptions, storeLane } from "@magento-integration/storage/jobs";
import { readBytesWithin } from "@magento-integration/client/net";
import { COMMERCE_SIGNATURE_HEADER, parseRsaPublicKey, verifyCommerceSignature } from "./commerce-signature.ts";
import { verifyIoSignature, type IoHeaders, type IoKeyLoader } from "./io-signature.ts";
import { commerceWebhookSchema, ioCloudEventSchema, parseJson } from "./payloads.ts";
import { commerceDedupeKey } from "./commerce-dedupe.ts";
import { COMMERCE_SUCCESS, commerceOperationSchema, type CommerceOperation } from "./commerce-operations.ts";
import type { DecisionHook, EventHandlers, StoreEvent } from "./handlers.ts";
import type { DeliveryLimiter } from "./rate-limit.ts";
import { OVER_BUDGET_DETAIL, OVER_BUDGET_RETRY_SECONDS, type EventBudgets } from "./budget.ts";

/** Commerce payloads are one entity's fields; I/O Events caps an event at 256 KiB. */
export const EVENT_BODY_MAX_BYTES = 256 * 1024;
/** The whole body must arrive within this (Commerce waits for the hook's own timeout, I/O Events 10 s). */
export const EVENT_BODY_WITHIN_MS = 5_000;
export const STORE_EVENT_JOB = "store.event";
/**
 * A Commerce webhook's job starts this much after the delivery. Commerce calls a hook while the action is still
 * going on: an `observer.*_save_after` hook runs inside the save's database transaction and a `plugin.*` hook before
 * the method (docs/store-events.md, "Commerce webhooks"), so a read made at once can find the record as it was, or
 * not at all. I/O Events are sent after the commit (`*_commit_after`) and start at once.
 */
export const COMMERCE_JOB_DELAY_MS = 3_000;

export interface IntakeRequest {
  headers: IoHeaders;
  body: ReadableStream<Uint8Array> | null;
}

export interface IntakeAnswer {
  status: 200 | 400 | 401 | 408 | 413 | 429;
  json: unknown;
  retryAfterSeconds?: number;
}

export interface IntakeDeps {
  storage: Storage;
  box: SecretBox;
  log: Logger;
  now: () => Date;
  /** Sends the job; concurrent sends are written together (packages/storage/src/jobs/group-send.ts): deliveries come in bursts. */
  send(kind: string, data: unknown, options: Omit<SendOptions, "dedupe">): Promise<string | null>;
  /** Sends a job on its own (with `dedupe`: dropped while a job with its key is queued). */
  sendOne(kind: string, data: unknown, options: SendOptions): Promise<string | null>;
  limiter: DeliveryLimiter;
  /** The bytes kept deliveries may take, per installation and in all (packages/sync/src/events/budget.ts, from env). */
  budgets: EventBudgets;
  loadIoKey: IoKeyLoader;
  handlers: () => EventHandlers;
  bodyWithinMs?: number;
  /** A worker of this process holds back new jobs for `ms` (deliveries come in bursts and must be answered first). */
  giveWay?: (ms: number) => void;
}

const GIVE_WAY_MS = 100;

/** What every refused delivery hears, whatever the reason: the store's log says it was refused, nothing more. */
const REFUSED_COMMERCE = {
  op: "exception",
  message: "The app did not accept this webhook: its signature did not verify.",
};
const REFUSED_IO = { error: "not accepted" };
const INSTALLATION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A key nobody holds: what an unknown installation's (or a key-less one's) delivery is verified against. */
let throwAwayKey: KeyObject | undefined;
function nobodysKey(): KeyObject {
  throwAwayKey ??= generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey;
  return throwAwayKey;
}

/** The key loader of a delivery nothing can be accepted for: a key nobody holds, for every path, nothing fetched. */
const nothingFetched: IoKeyLoader = async () => nobodysKey();

/**
 * Why a delivery was refused, for the Events page: an unknown installation first, then a signature that could not
 * be checked at all, then what the installation has not configured, else the mismatch itself.
 */
function signatureRefusal(
  known: string | null,
  check: { ok: true } | { ok: false; reason: string },
  notConfigured: string | null,
  mismatch: string,
): string {
  if (!known) return "unknown installation";
  if (!check.ok && check.reason !== "signature does not match") return check.reason;
  return notConfigured ?? mismatch;
}

export function createEventIntake(d: IntakeDeps) {
  const parsedKeys = new Map<string, KeyObject | null>();
  const commerceKey = (pem: string | null | undefined): KeyObject | null => {
    if (!pem) return null;
    if (!parsedKeys.has(pem)) {
      if (parsedKeys.size > 1000) parsedKeys.clear();
      parsedKeys.set(pem, parseRsaPublicKey(pem));
    }
    return parsedKeys.get(pem)!;
  };

  async function refuse(channel: EventChannel, installationId: string | null, reason: string): Promise<void> {
    const at = d.now();
    const minute = Math.floor(at.getTime() / 60_000);
    await d.storage.storeEvents.foldRefusal({
      foldKey: `${channel}|${installationId ?? "?"}|${reason}|${minute}`,
      installationId,
      channel,
      detail: reason,
      at,
    });
  }

  const refused = (channel: EventChannel): IntakeAnswer => ({
    status: 401,
    json: channel === "commerce" ? REFUSED_COMMERCE : REFUSED_IO,
  });

  /**
   * A repeat of a stored delivery. One still `queued` may have lost its job (a database failure after the row was
   * written; the first request was answered 5xx and the store retries): its job is sent again, dropped while the
   * first one is still queued; the job does nothing for a delivery already handled.
   */
  async function repeated(existing: DeliveryRecord, storeBaseUrl: string, at: Date): Promise<void> {
    await d.storage.storeEvents.countDuplicate(existing.id, at);
    if (existing.outcome !== "queued" || !existing.installationId) return;
    await d.sendOne(
      STORE_EVENT_JOB,
      { deliveryId: existing.id },
      {
        ...storeEventJobOptions(existing.id, storeBaseUrl, existing.installationId),
        dedupe: true,
      },
    );
  }

  async function read(channel: EventChannel, installationId: string, req: IntakeRequest) {
    d.giveWay?.(GIVE_WAY_MS);
    const declared = Number(req.headers.get("content-length") ?? "0");
    const body =
      declared > EVENT_BODY_MAX_BYTES
        ? ({ refused: "too large" } as const)
        : await readBytesWithin(req.body, EVENT_BODY_MAX_BYTES, d.bodyWithinMs ?? EVENT_BODY_WITHIN_MS);
    const installation = INSTALLATION_ID.test(installationId)
      ? await d.storage.installations.byId(installationId)
      : null;
    return { body, installation };
  }

  return {
    async commerce(installationId: string, req: IntakeRequest): Promise<IntakeAnswer> {
      const { body, installation } = await read("commerce", installationId, req);
      const known = installation?.id ?? null;
      if ("refused" in body) {
        await refuse("commerce", known, `body ${body.refused}`);
        return body.refused === "too large"
          ? { status: 413, json: REFUSED_COMMERCE }
          : { status: 408, json: REFUSED_COMMERCE };
      }
      // looked up for an unknown installation too: the same queries either way
      const source = await d.storage.storeEvents.source(known ?? installationId.slice(0, 64));
      const key = commerceKey(source?.commercePublicKey);
      const check = verifyCommerceSignature(
        body.bytes,
        req.headers.get(COMMERCE_SIGNATURE_HEADER),
        key ?? nobodysKey(),
      );
      if (!check.ok || !key || !known || !installation) {
        const reason = signatureRefusal(
          known,
          check,
          key ? null : "no key configured",
          "signature does not match (was the key pair regenerated?)",
        );
        await refuse("commerce", known, reason);
        return refused("commerce");
      }
      const text = body.bytes.toString("utf8");
      const payload = parseJson(commerceWebhookSchema, text);
      if (!payload) {
        await refuse("commerce", known, "payload is not {eventName, data}");
        return {
          status: 400,
          json: { op: "exception", message: 'The webhook payload must be {"eventName": ..., "data": {...}}.' },
        };
      }
      const limit = await d.limiter.take(known, d.now().getTime());
      if (!limit.ok) {
        await refuse("commerce", known, "over the installation's delivery budget");
        return {
          status: 429,
          json: { op: "exception", message: "Too many webhooks for this store; try again shortly." },
          retryAfterSeconds: limit.retryAfterSeconds,
        };
      }
      const at = d.now();
      const hook = d.handlers().decisionHooks?.find((h) => h.eventName === payload.eventName);
      const dedupeKey = hook ? `decision:${randomUUID()}` : commerceDedupeKey(payload, body.bytes, at);
      const stored = await d.storage.storeEvents.addDelivery(
        {
          installationId: known,
          channel: "commerce",
          outcome: hook ? "answered" : "queued",
          detail: `signed: ${check.signed}`,
          eventName: payload.eventName,
          dedupeKey,
          bodyEnc: d.box.seal(text),
          at,
        },
        d.budgets,
      );
      if ("existing" in stored) {
        await repeated(stored.existing, installation.store.baseUrl, at);
        return { status: 200, json: COMMERCE_SUCCESS };
      }
      // past a budget nothing is kept; the store's action still goes on (a decision hook still decides it)
      if ("overBudget" in stored) await refuse("commerce", known, OVER_BUDGET_DETAIL[stored.overBudget.budget]);
      if (hook) {
        const deliveryId = "created" in stored ? stored.created.id : dedupeKey;
        const event: StoreEvent = {
          installationId: known,
          channel: "commerce",
          deliveryId,
          name: payload.eventName,
          data: payload.data,
          receivedAt: at,
        };
        const answer = await runDecision(hook, event, d.log);
        if ("created" in stored)
          await d.storage.storeEvents.setOutcome(
            deliveryId,
            "answered",
            `signed: ${check.signed}; answered ${answer.summary}`,
          );
        return { status: 200, json: answer.operations };
      }
      if ("overBudget" in stored) return { status: 200, json: COMMERCE_SUCCESS };
      await d.send(
        STORE_EVENT_JOB,
        { deliveryId: stored.created.id },
        {
          ...storeEventJobOptions(stored.created.id, installation.store.baseUrl, known),
          startAfter: new Date(at.getTime() + COMMERCE_JOB_DELAY_MS),
        },
      );
      return { status: 200, json: COMMERCE_SUCCESS };
    },

    async io(installationId: string, req: IntakeRequest): Promise<IntakeAnswer> {
      const { body, installation } = await read("io", installationId, req);
      const known = installation?.id ?? null;
      if ("refused" in body) {
        await refuse("io", known, `body ${body.refused}`);
        return body.refused === "too large" ? { status: 413, json: REFUSED_IO } : { status: 408, json: REFUSED_IO };
      }
      // looked up before any key is fetched (for an unknown installation too: the same queries either way). Without
      // an installation and its I/O client id nothing can be accepted, so the signature is checked against a key
      // nobody holds, fetching nothing: a stranger's deliveries cannot make the app call Adobe's key host.
      const source = await d.storage.storeEvents.source(known ?? installationId.slice(0, 64));
      const expecting = known && installation && source?.ioClientId ? source.ioClientId : null;
      const check = await verifyIoSignature(body.bytes, req.headers, expecting ? d.loadIoKey : nothingFetched);
      if (!check.ok || !expecting || !known || !installation) {
        const reason = signatureRefusal(
          known,
          check,
          expecting ? null : "no I/O client id configured",
          "signature does not match",
        );
        await refuse("io", known, reason);
        return refused("io");
      }
      const text = body.bytes.toString("utf8");
      const event = parseJson(ioCloudEventSchema, text);
      if (!event) {
        await refuse("io", known, "payload is not a CloudEvent with type and recipient_client_id");
        return { status: 400, json: { error: "not a CloudEvent" } };
      }
      if (expecting !== event.recipient_client_id) {
        // Adobe signs every registration's events with the same keys: the recipient says they are meant for us.
        await refuse("io", known, "recipient_client_id is not this store's registration");
        return refused("io");
      }
      const limit = await d.limiter.take(known, d.now().getTime());
      if (!limit.ok) {
        await refuse("io", known, "over the installation's delivery budget");
        return { status: 429, json: { error: "too many deliveries" }, retryAfterSeconds: limit.retryAfterSeconds };
      }
      const at = d.now();
      const eventId = event.event_id ?? event.id!;
      const retry = req.headers.get("x-adobe-retry-count");
      const stored = await d.storage.storeEvents.addDelivery(
        {
          installationId: known,
          channel: "io",
          outcome: "queued",
          detail: `signed: ${check.signed}${retry ? `; retry ${retry.slice(0, 4)}` : ""}`,
          eventName: event.type,
          dedupeKey: eventId,
          bodyEnc: d.box.seal(text),
          at,
        },
        d.budgets,
      );
      if ("existing" in stored) {
        await repeated(stored.existing, installation.store.baseUrl, at);
        return { status: 200, json: { ok: true, duplicate: true } };
      }
      if ("overBudget" in stored) {
        // Adobe retries for a day: room comes back as week-old deliveries are deleted
        await refuse("io", known, OVER_BUDGET_DETAIL[stored.overBudget.budget]);
        return {
          status: 429,
          json: { error: "no room to keep this event" },
          retryAfterSeconds: OVER_BUDGET_RETRY_SECONDS,
        };
      }
      await d.send(
        STORE_EVENT_JOB,
        { deliveryId: stored.created.id },
        storeEventJobOptions(stored.created.id, installation.store.baseUrl, known),
      );
      return { status: 200, json: { ok: true } };
    },

    /** I/O Events registration: `GET ?challenge=<value>` must be echoed (the same for every installation id). */
    challenge(value: string | null): IntakeAnswer {
      if (value === null || !/^[A-Za-z0-9._~-]{1,200}$/.test(value))
        return { status: 400, json: { error: "expected ?challenge=<value>" } };
      return { status: 200, json: { challenge: value } };
    },
  };
}

export function storeEventJobOptions(deliveryId: string, storeBaseUrl: string, installationId: string): SendOptions {
  return {
    lane: storeLane(storeBaseUrl),
    key: `event:${deliveryId}`,
    ref: installationId,
    retryLimit: 5,
    retryDelaySeconds: 10,
    retryBackoff: true,
    leaseSeconds: 60,
  };
}

/** A decision hook under its budget; a throw, a bad answer or no answer in time fails open or closed as declared. */
async function runDecision(
  hook: DecisionHook,
  event: StoreEvent,
  log: Logger,
): Promise<{ operations: CommerceOperation | CommerceOperation[]; summary: string }> {
  const failed = (why: string) => {
    log.warn({ event: hook.eventName, why }, "decision hook failed");
    return hook.failure === "open"
      ? { operations: COMMERCE_SUCCESS, summary: `success (failed open: ${why})` }
      : {
          operations: {
            op: "exception" as const,
            message: hook.failureMessage ?? "This action cannot be completed right now.",
          },
          summary: `exception (failed closed: ${why})`,
        };
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), hook.budgetMs);
  });
  try {
    const r = await Promise.race([hook.decide(event), late]);
    if (r === "late") return failed(`no answer within ${hook.budgetMs} ms`);
    const ops = Array.isArray(r) ? r : [r];
    for (const op of ops)
      if (!commerceOperationSchema.safeParse(op).success)
        return failed("the hook answered something that is not a Commerce operation");
    return { operations: r, summary: ops.map((o) => o.op).join(", ") };
  } catch (e) {
    return failed((e as Error).message);
  } finally {
    clearTimeout(timer);
  }
}
