/**
 * packages/handshake/src/integration: the handshake, app side, in one folder (callback, record, exchange, its job kinds, the identity
 * link, revocation; what Magento sends: magento-shapes.ts; its verbs are lib/verbs/handshake.ts and identity.ts);
 * the app imports it from here.
 */
export { CALLBACK_TIMEOUT_MS, CONSUMER_EXPIRY_MS } from "./exchange.ts";
export { type IdentityQuery } from "./identity.ts";
export { NOT_FILED_REASONS } from "./link-offer.ts";
export { manualStoreSchema } from "./manual.ts";
export { isIdentityNext, POPUP_HEADER } from "./popup-pages.ts";
export { IDENTITY_PATH, identityLinkPath } from "./magento-shapes.ts";
export { FAILURE_REASONS } from "@magento-integration/client";
