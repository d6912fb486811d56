/**
 * @magento-integration/handshake/proxy: what a request proxy (Next.js `proxy.ts`) needs of the handshake and the
 * sessions, with no database: cookie names and flags, the identity popup's pages and
 * headers, the store-admin popup marker, the success-callback origin, Magento's identity path and token shape, the
 * return path.
 */
export * from "./cookie-names.ts";
export * from "./integration/started-link-cookie.ts";
export * from "./integration/popup-pages.ts";
export * from "./integration/success-callback.ts";
export * from "./integration/magento-shapes.ts";
export * from "./auth/return-path.ts";
export * from "./integration/admin-popup.ts";
