/** lib/portal: the developer-portal session-token client and the stored portal application. */
export {
  createPortalClient,
  maskToken,
  memoryTokenCache,
  PortalError,
  portalConfigSchema,
  REAL_TOKEN_PATH,
  SEED_TOKEN_PATH,
  type PortalClient,
  type PortalConfig,
  type SessionToken,
} from "./session-token-client";
export {
  canKeepSecret,
  createPortalAppStore,
  PortalSecretRequiredError,
  type PortalAppStore,
  type PortalSettings,
} from "./portal-app-store";
