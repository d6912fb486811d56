/** @magento-integration/sync/events: store events pushed by Adobe Commerce (webhooks, synchronous) and Adobe I/O Events (asynchronous), verified, de-duplicated and queued: signatures, the I/O key cache, intake, budgets, the handlers a fork plugs in, subscriptions. */
export * from "./adobe-key-host.ts";
export * from "./budget.ts";
export * from "./commerce-dedupe.ts";
export * from "./commerce-operations.ts";
export * from "./commerce-signature.ts";
export * from "./event-records.ts";
export * from "./handlers.ts";
export * from "./intake.ts";
export * from "./io-key-cache.ts";
export * from "./io-signature.ts";
export * from "./payloads.ts";
export * from "./rate-limit.ts";
export * from "./store-edition.ts";
export * from "./subscriptions.ts";
