/**
 * The carriers the dev store offers (Magento's offline carriers with their default titles): Flat Rate at $5 per
 * item, Table Rate ("Best Way", by weight, United States only) and Free Shipping for subtotals from $100
 * (carriers/freeshipping/free_shipping_subtotal). A virtual cart ships nothing.
 */
import type { Quote, QuoteAddress } from "../../data/index.ts";

export type ShippingRate = {
  carrier_code: string;
  method_code: string;
  carrier_title: string;
  method_title: string;
  amount: number;
  base_amount: number;
  available: boolean;
  error_message: string;
  price_excl_tax: number;
  price_incl_tax: number;
};

export const FREE_SHIPPING_SUBTOTAL = 100;
const round2 = (n: number) => Math.round(n * 100) / 100;

export function isVirtual(q: Quote): boolean {
  return q.items.length > 0 && q.items.every((i) => i.product_type === "virtual" || i.product_type === "downloadable");
}

export function shippableQty(q: Quote): number {
  return q.items
    .filter((i) => i.product_type !== "virtual" && i.product_type !== "downloadable")
    .reduce((s, i) => s + i.qty, 0);
}

function rate(
  carrier: string,
  method: string,
  carrierTitle: string,
  methodTitle: string,
  amount: number,
): ShippingRate {
  const a = round2(amount);
  return {
    carrier_code: carrier,
    method_code: method,
    carrier_title: carrierTitle,
    method_title: methodTitle,
    amount: a,
    base_amount: a,
    available: true,
    error_message: "",
    price_excl_tax: a,
    price_incl_tax: a,
  };
}

/** Rates for a cart shipped to `address`; `subtotal` decides free shipping. */
export function ratesFor(q: Quote, address: Pick<QuoteAddress, "country_id">, subtotal: number): ShippingRate[] {
  if (isVirtual(q) || q.items.length === 0) return [];
  const qty = shippableQty(q);
  const weight = q.items.reduce((s, i) => s + (i.weight ?? 0) * i.qty, 0);
  const rates = [rate("flatrate", "flatrate", "Flat Rate", "Fixed", 5 * qty)];
  if (address.country_id === "US")
    rates.push(rate("tablerate", "bestway", "Best Way", "Table Rate", 5.99 + 0.5 * Math.ceil(weight)));
  if (subtotal >= FREE_SHIPPING_SUBTOTAL) rates.push(rate("freeshipping", "freeshipping", "Free Shipping", "Free", 0));
  return rates;
}
