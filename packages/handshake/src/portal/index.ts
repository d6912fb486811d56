/** @magento-integration/handshake/portal: the developer-portal session-token client and the portal app store. */
export * from "./portal-app-store.ts";
export * from "./session-token-client.ts";
