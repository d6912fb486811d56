/** Links a dev store to the kit as a manual-mode installation (its access token pasted): no handshake to run. */
import type { SecretBox, Storage } from "@magento-integration/storage";
import type { StoreChild } from "./devstore-child";

export async function linkManualStore(
  storage: Storage,
  box: SecretBox,
  store: Pick<StoreChild, "storeBaseUrl" | "tokens">,
): Promise<string> {
  const st = await storage.stores.ensure(store.storeBaseUrl);
  const installation = await storage.installations.create({
    consumerKey: store.tokens.consumer_key,
    storeId: st.id,
    state: "active",
    mode: "manual",
    consumerSecretEnc: box.seal(store.tokens.consumer_secret),
    accessTokenEnc: box.seal(store.tokens.access_token),
    accessTokenSecretEnc: box.seal(store.tokens.access_token_secret),
    activationCount: 1,
  });
  return installation.id;
}
