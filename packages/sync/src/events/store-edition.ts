/**
 * Which edition a store runs, asked of the store itself. Magento routes a request before it checks credentials,
 * so a route no installed module declares is a 404 "Request does not match any route" whatever the token
 * (docs/rest-semantics.md, "Routing"). `GET /V1/returnsAttributeMetadata` is declared by Adobe Commerce's RMA
 * module alone: a 404 there means Magento Open Source; any other answer (200, or a 401 for an integration without
 * the RMA resource) means Adobe Commerce.
 */
import { MagentoApiError, type MagentoClient } from "@magento-integration/client";

export type StoreEdition = "open-source" | "commerce" | "unknown";

export const COMMERCE_ONLY_PROBE = "/V1/returnsAttributeMetadata";

export async function storeEdition(client: MagentoClient): Promise<StoreEdition> {
  try {
    await client.request<unknown>({ method: "GET", path: COMMERCE_ONLY_PROBE });
    return "commerce";
  } catch (e) {
    if (!(e instanceof MagentoApiError) || e.status === 0 || e.status >= 500) return "unknown";
    return e.status === 404 ? "open-source" : "commerce";
  }
}
