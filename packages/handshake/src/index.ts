/**
 * @magento-integration/handshake: the app side of Magento's integration handshake (the callback, its record, the
 * token exchange inside the store's window, its job kinds, the identity link, revocation), the app's sessions and
 * cookies, and a linked store as a whole. Accounts are `./auth`, mail `./mail`, the developer portal `./portal`,
 * what a request proxy needs `./proxy`.
 */
export * from "./integration/admin-origin.ts";
export * from "./integration/admin-popup.ts";
export * from "./integration/callback-admission.ts";
export * from "./integration/callback-rate-limit.ts";
export * from "./integration/callback-schema.ts";
export * from "./integration/consumer-secret.ts";
export * from "./integration/deps.ts";
export * from "./integration/exchange-checkpoint.ts";
export * from "./integration/exchange.ts";
export * from "./integration/identity.ts";
export * from "./integration/installation-client.ts";
export * from "./integration/jobs.ts";
export * from "./integration/key-digest.ts";
export * from "./integration/link-offer.ts";
export * from "./integration/link-request-verification.ts";
export * from "./integration/link-requests.ts";
export * from "./integration/magento-shapes.ts";
export * from "./integration/manual.ts";
export * from "./integration/mask-email.ts";
export * from "./integration/popup-pages.ts";
export * from "./integration/probe-jobs.ts";
export * from "./integration/probe.ts";
export * from "./integration/prune.ts";
export * from "./integration/record-callback.ts";
export * from "./integration/request-token-handover.ts";
export * from "./integration/reseal.ts";
export * from "./integration/revocation.ts";
export * from "./integration/started-link-cookie.ts";
export * from "./integration/store-pages.ts";
export * from "./integration/store-summary.ts";
export * from "./integration/store-url.ts";
export * from "./integration/success-callback.ts";
export * from "./integration/index.ts";
export * from "./session.ts";
export * from "./cookie-names.ts";
export * from "./stores/removal.ts";
export * from "./stores/resource-check.ts";
export * from "./stores/index.ts";
