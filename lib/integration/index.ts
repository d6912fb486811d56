/**
 * lib/integration: the handshake, app side, in one folder (callback, record, exchange, its job kinds, the identity
 * link, revocation; what Magento sends: magento-shapes.ts; its verbs are lib/verbs/handshake.ts and identity.ts);
 * the app imports it from here.
 */
export { CALLBACK_TIMEOUT_MS, CONSUMER_EXPIRY_MS } from "./exchange";
export { type IdentityQuery } from "./identity";
export { NOT_FILED_REASONS } from "./link-offer";
export { manualStoreSchema } from "./manual";
export { isIdentityNext, POPUP_HEADER } from "./popup-pages";
export { IDENTITY_PATH, identityLinkPath } from "./magento-shapes";
export { FAILURE_REASONS } from "@magento-integration/client";
