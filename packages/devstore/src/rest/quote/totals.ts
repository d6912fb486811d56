/**
 * A cart's totals (Magento\Quote\Api\Data\TotalsInterface): subtotal, discounts, shipping, tax, the Commerce
 * deductions (gift cards, store credit, reward points) and the grand total, per item and as total segments.
 * `shipping-information`, `totals-information` and the order placement all read this one calculation.
 */
import type { Quote, QuoteAddress, StoreData } from "../../data/index.ts";
import { applyRules, type DiscountResult } from "./discounts.ts";
import { isVirtual, ratesFor, type ShippingRate } from "./shipping-rates.ts";
import { taxPercent } from "./tax.ts";

const round2 = (n: number) => Math.round(n * 100) / 100;
/** Reward points are worth a cent each (reward/points/exchange_rate in the dev store). */
export const REWARD_POINT_VALUE = 0.01;

export interface TotalsOptions {
  /** Use this address (and method) instead of the cart's own (totals-information, estimates). */
  address?: Pick<QuoteAddress, "country_id" | "region_id" | "postcode">;
  shippingMethod?: { carrier_code: string; method_code: string };
  today: string;
}

export interface CartTotals {
  subtotal: number;
  discount: DiscountResult;
  shippingRate?: ShippingRate;
  shipping: number;
  tax: number;
  itemTax: Map<number, { percent: number; amount: number }>;
  giftCards: number;
  customerBalance: number;
  rewardPoints: number;
  rewardCurrency: number;
  grandTotal: number;
  qty: number;
}

/** Balances of the gift cards on the cart (Commerce), by code. */
function giftCardBalance(data: StoreData, codes: readonly string[]): number {
  let total = 0;
  for (const code of codes)
    for (const g of data.giftCardAccounts.values()) if (g.code === code && g.state === "available") total += g.balance;
  return total;
}

export function computeTotals(data: StoreData, q: Quote, opts: TotalsOptions): CartTotals {
  const subtotal = round2(q.items.reduce((s, i) => s + i.price * i.qty, 0));
  const qty = q.items.reduce((s, i) => s + i.qty, 0);
  const virtual = isVirtual(q);
  const shipTo = opts.address ?? (virtual ? q.billing_address : q.shipping_address);
  const method = opts.shippingMethod ?? q.shipping_method;
  const rate =
    !virtual && shipTo?.country_id && method
      ? ratesFor(q, shipTo, subtotal).find(
          (r) => r.carrier_code === method.carrier_code && r.method_code === method.method_code,
        )
      : undefined;
  const discount = applyRules(data, q, {
    subtotal,
    qty,
    weight: q.items.reduce((s, i) => s + (i.weight ?? 0) * i.qty, 0),
    address: shipTo,
    shippingMethod: method ? `${method.carrier_code}_${method.method_code}` : undefined,
    shippingAmount: rate?.amount ?? 0,
    paymentMethod: q.payment?.method,
    today: opts.today,
  });
  const shipping = rate ? (discount.freeShipping ? 0 : round2(rate.amount - discount.shipping)) : 0;
  // tax/calculation/algorithm TOTAL_BASE_CALCULATION (Magento's default): rows carry their rounding remainder forward,
  // so the rows add up to the tax of the total.
  const itemTax = new Map<number, { percent: number; amount: number }>();
  let tax = 0;
  let carry = 0;
  for (const i of q.items) {
    const percent = taxPercent(data, Number(i.tax_class_id), q.customer_group_id, shipTo);
    const exact = ((i.price * i.qty - (discount.byItem.get(i.item_id) ?? 0)) * percent) / 100 + carry;
    const amount = round2(exact);
    carry = exact - amount;
    itemTax.set(i.item_id, { percent, amount });
    tax = round2(tax + amount);
  }
  let due = round2(subtotal - discount.total + shipping + tax);
  const giftCards = round2(Math.min(due, giftCardBalance(data, q.gift_cards)));
  due = round2(due - giftCards);
  const customerBalance =
    q.use_customer_balance && q.customer_id !== undefined
      ? round2(Math.min(due, data.customerBalances.get(q.customer_id) ?? 0))
      : 0;
  due = round2(due - customerBalance);
  const points = q.use_reward_points && q.customer_id !== undefined ? (data.rewardPoints.get(q.customer_id) ?? 0) : 0;
  const rewardCurrency = round2(Math.min(due, points * REWARD_POINT_VALUE));
  due = round2(due - rewardCurrency);
  return {
    subtotal,
    discount,
    shippingRate: rate,
    shipping,
    tax,
    itemTax,
    giftCards,
    customerBalance,
    rewardPoints: Math.round(rewardCurrency / REWARD_POINT_VALUE),
    rewardCurrency,
    grandTotal: Math.max(0, due),
    qty,
  };
}

/** TotalsInterface as the REST API renders it. */
export function renderTotals(q: Quote, t: CartTotals, currency = "USD"): Record<string, unknown> {
  const discountTitle = t.discount.labels.length ? `Discount (${t.discount.labels.join(", ")})` : "Discount";
  const segments: Record<string, unknown>[] = [{ code: "subtotal", title: "Subtotal", value: t.subtotal }];
  if (t.shippingRate)
    segments.push({
      code: "shipping",
      title: `Shipping & Handling (${t.shippingRate.carrier_title} - ${t.shippingRate.method_title})`,
      value: t.shipping,
    });
  if (t.discount.total > 0 || t.discount.shipping > 0)
    segments.push({ code: "discount", title: discountTitle, value: -round2(t.discount.total + t.discount.shipping) });
  if (t.giftCards > 0) segments.push({ code: "giftcardaccount", title: "Gift Cards", value: -t.giftCards });
  if (t.customerBalance > 0)
    segments.push({ code: "customerbalance", title: "Store Credit", value: -t.customerBalance });
  if (t.rewardCurrency > 0)
    segments.push({ code: "reward", title: `${t.rewardPoints} Reward points`, value: -t.rewardCurrency });
  segments.push({ code: "tax", title: "Tax", value: t.tax, extension_attributes: { tax_grandtotal_details: [] } });
  segments.push({ code: "grand_total", title: "Grand Total", value: t.grandTotal, area: "footer" });
  const discount = -round2(t.discount.total + t.discount.shipping);
  return {
    grand_total: t.grandTotal,
    base_grand_total: t.grandTotal,
    subtotal: t.subtotal,
    base_subtotal: t.subtotal,
    discount_amount: discount,
    base_discount_amount: discount,
    subtotal_with_discount: round2(t.subtotal - t.discount.total),
    base_subtotal_with_discount: round2(t.subtotal - t.discount.total),
    shipping_amount: t.shipping,
    base_shipping_amount: t.shipping,
    shipping_discount_amount: t.discount.shipping,
    base_shipping_discount_amount: t.discount.shipping,
    tax_amount: t.tax,
    base_tax_amount: t.tax,
    weee_tax_applied_amount: null,
    shipping_tax_amount: 0,
    base_shipping_tax_amount: 0,
    subtotal_incl_tax: round2(t.subtotal + t.tax),
    shipping_incl_tax: t.shipping,
    base_shipping_incl_tax: t.shipping,
    base_currency_code: "USD",
    quote_currency_code: currency,
    ...(q.coupon_code ? { coupon_code: q.coupon_code } : {}),
    items_qty: t.qty,
    items: q.items.map((i) => {
      const row = round2(i.price * i.qty);
      const d = t.discount.byItem.get(i.item_id) ?? 0;
      const tax = t.itemTax.get(i.item_id) ?? { percent: 0, amount: 0 };
      return {
        item_id: i.item_id,
        price: i.price,
        base_price: i.price,
        qty: i.qty,
        row_total: row,
        base_row_total: row,
        row_total_with_discount: round2(row - d),
        tax_amount: tax.amount,
        base_tax_amount: tax.amount,
        tax_percent: tax.percent,
        discount_amount: d,
        base_discount_amount: d,
        discount_percent: row > 0 ? round2((d / row) * 100) : 0,
        price_incl_tax: round2(i.price * (1 + tax.percent / 100)),
        base_price_incl_tax: round2(i.price * (1 + tax.percent / 100)),
        row_total_incl_tax: round2(row + tax.amount),
        base_row_total_incl_tax: round2(row + tax.amount),
        options: "[]",
        weee_tax_applied_amount: null,
        weee_tax_applied: null,
        name: i.name,
      };
    }),
    total_segments: segments,
  };
}
