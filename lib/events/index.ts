/**
 * lib/events: store events pushed by Adobe Commerce (webhooks, synchronous) and Adobe I/O Events (asynchronous),
 * verified, de-duplicated and queued (docs/store-events.md).
 * - commerce-signature.ts / io-signature.ts / io-key-cache.ts: the two signature schemes, keys from Adobe's host.
 * - intake.ts: read → verify → parse → de-duplicate → enqueue → answer; decision hooks inline.
 * - handlers.ts: what a forker plugs in (sync path, raw-event handler, decision hooks).
 * - event-records.ts: which synced record an event names. subscriptions.ts: the store's webhook subscriptions.
 */
export type { IntakeAnswer, IntakeRequest } from "./intake";
export { EVENT_BODY_MAX_BYTES, STORE_EVENT_JOB } from "./intake";
export type { DecisionHook, EventHandlers, RecordRef, StoreEvent, SyncedEntity } from "./handlers";
export type { CommerceOperation } from "./commerce-operations";
export { subscribeInputSchema, type SubscribeInput, type WebhookSubscription } from "./subscriptions";
export { keyFingerprint, parseRsaPublicKey } from "./commerce-signature";
export { storeEdition, type StoreEdition } from "./store-edition";
