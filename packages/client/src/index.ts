/**
 * @magento-integration/client: the store REST client (createMagentoClient and what it returns and throws), the
 * endpoint catalogue, searchCriteria and fields, the OAuth 1.0a token endpoints, and KitError, the base of every
 * error the kit's packages throw. Signing is `@magento-integration/client/oauth`; addresses and the guarded fetch
 * are `@magento-integration/client/net`.
 */
export * from "./magento/index.ts";
export * from "./advice.ts";
export { KitError, isKitError, type KitErrorInit } from "./kit-error.ts";
