/** The store's base currency, for prices that carry no currency of their own (products). */
import type { MagentoClient } from "@magento-integration/client";
import { attempt } from "./attempt";

const TTL_MS = 10 * 60_000;
const currencies = new Map<string, { code: string | undefined; at: number }>();

/**
 * The default store view's base_currency_code (GET /V1/store/storeConfigs), cached per installation for
 * 10 minutes; undefined when the store does not say (or the call fails: prices then show without a symbol).
 */
export async function storeCurrency(
  installationId: string,
  client: MagentoClient,
  now = Date.now(),
): Promise<string | undefined> {
  const hit = currencies.get(installationId);
  if (hit && now - hit.at < TTL_MS) return hit.code;
  const r = await attempt(async () => {
    const res = await client.call<"getStoreStoreConfigs", Array<{ code?: string; base_currency_code?: string }>>(
      "getStoreStoreConfigs",
      { fields: "code,base_currency_code" },
    );
    const rows = Array.isArray(res.data) ? res.data : [];
    return (rows.find((c) => c.code === "default") ?? rows[0])?.base_currency_code;
  });
  const code = r.ok && typeof r.value === "string" && /^[A-Z]{3}$/.test(r.value) ? r.value : undefined;
  currencies.set(installationId, { code, at: now });
  return code;
}
