/**
 * Tax on a cart, the way Magento_Tax's calculation picks rates: the customer's tax class (from the customer group)
 * and each item's product tax class select the rules; a rule's rates match the address (country, region, postcode
 * `*` or equal); rates of matching rules add up. Prices exclude tax, tax is charged on the discounted row, and
 * shipping is not taxed (tax/classes/shipping_tax_class is "None" by default).
 */
import type { QuoteAddress, StoreData, TaxRate } from "../../data/index.ts";

function rateMatches(rate: TaxRate, address: Pick<QuoteAddress, "country_id" | "region_id" | "postcode">): boolean {
  if (rate.tax_country_id !== address.country_id) return false;
  if (rate.tax_region_id !== 0 && rate.tax_region_id !== (address.region_id ?? 0)) return false;
  if (rate.tax_postcode === "*" || rate.tax_postcode === "") return true;
  const pattern = new RegExp(`^${rate.tax_postcode.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`, "i");
  return pattern.test(address.postcode ?? "");
}

/** The tax percent for one product tax class, customer group and address (0 when nothing matches). */
export function taxPercent(
  data: StoreData,
  productTaxClass: number,
  customerGroupId: number,
  address: Pick<QuoteAddress, "country_id" | "region_id" | "postcode"> | undefined,
): number {
  if (!address?.country_id || productTaxClass === 0) return 0;
  const customerClass = data.customerGroups.get(customerGroupId)?.tax_class_id ?? 3;
  let percent = 0;
  for (const rule of data.taxRules.values()) {
    if (!rule.customer_tax_class_ids.includes(customerClass) || !rule.product_tax_class_ids.includes(productTaxClass))
      continue;
    for (const id of rule.tax_rate_ids) {
      const rate = data.taxRates.get(id);
      if (rate && rateMatches(rate, address)) percent += rate.rate;
    }
  }
  return Math.round(percent * 10000) / 10000;
}
