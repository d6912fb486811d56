/**
 * Adobe Commerce seed (used by `--edition commerce`; harmless data otherwise): gift card accounts, store credit
 * and reward point balances, gift wrapping designs and returns (RMA) against completed orders.
 */
import { datetime, Prng } from "./prng.ts";
import type { Customer, Order } from "./types.ts";
import type { GiftCardAccount, GiftRegistry, GiftWrapping, Rma } from "./types-commerce.ts";

export function seedGiftCardAccounts(): GiftCardAccount[] {
  const rng = new Prng(50_100);
  const code = () => Array.from({ length: 12 }, () => "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[rng.int(0, 31)]).join("");
  return [50, 100, 25, 200, 10, 75].map((balance, i) => ({
    id: i + 1,
    code: code(),
    balance: i === 4 ? 0 : balance,
    website_id: 1,
    state: i === 4 ? "used" : "available",
    ...(i === 5 ? { date_expires: "2024-01-31" } : {}),
  }));
}

export function seedCustomerBalances(customers: readonly Customer[]): Map<number, number> {
  const rng = new Prng(4242);
  const out = new Map<number, number>([[1, 25]]);
  for (const c of customers) if (c.id > 1 && rng.chance(0.15)) out.set(c.id, rng.int(1, 40) * 5);
  return out;
}

export function seedRewardPoints(customers: readonly Customer[]): Map<number, number> {
  const rng = new Prng(8080);
  const out = new Map<number, number>([[1, 1200]]);
  for (const c of customers) if (c.id > 1 && rng.chance(0.4)) out.set(c.id, rng.int(1, 60) * 50);
  return out;
}

export function seedGiftWrappings(): GiftWrapping[] {
  return [
    ["Classic Red Paper", 4.99, 1],
    ["Recycled Kraft with Twine", 2.5, 1],
    ["Luxury Gold Box", 9.99, 1],
    ["Holiday 2023 (retired)", 3.5, 0],
  ].map(([design, price, status], i) => ({
    wrapping_id: i + 1,
    design: design as string,
    status: status as number,
    base_price: price as number,
    image_name: `wrapping-${i + 1}.jpg`,
    website_ids: [1],
    base_currency_code: "USD",
  }));
}

const REASONS = ["Wrong Size", "Out of Service", "Wrong Color", "Other"];
const RESOLUTIONS = ["Exchange", "Refund", "Store Credit"];
const STATUSES = ["pending", "authorized", "received", "approved", "closed", "processed_closed"];

export function seedReturns(orders: readonly Order[]): Rma[] {
  const rng = new Prng(6161);
  const eligible = orders.filter((o) => o.state === "complete" && o.customer_id !== undefined).slice(0, 200);
  const out: Rma[] = [];
  for (const o of rng.some(eligible, 12)) {
    const id = out.length + 1;
    const status = rng.pick(STATUSES);
    const requested = datetime(Date.parse(`${o.updated_at.replace(" ", "T")}Z`) + rng.int(2, 20) * 86_400_000);
    const item = o.items[0]!;
    out.push({
      increment_id: String(id).padStart(9, "0"),
      entity_id: id,
      order_id: o.entity_id,
      order_increment_id: o.increment_id,
      store_id: o.store_id,
      customer_id: o.customer_id ?? 0,
      date_requested: requested,
      customer_custom_email: "",
      items: [
        {
          entity_id: id,
          rma_entity_id: id,
          order_item_id: item.item_id,
          qty_requested: item.qty_ordered,
          qty_authorized: status === "pending" ? 0 : item.qty_ordered,
          qty_approved: status === "approved" || status.includes("closed") ? item.qty_ordered : 0,
          qty_returned: status === "received" || status === "approved" || status.includes("closed") ? item.qty_ordered : 0,
          reason: rng.pick(REASONS),
          condition: rng.pick(["Unopened", "Opened", "Damaged"]),
          resolution: rng.pick(RESOLUTIONS),
          status,
        },
      ],
      status,
      comments: [{ comment_id: id, rma_entity_id: id, comment: "We placed your Return request.", is_customer_notified: true, is_visible_on_front: true, status: "pending", created_at: requested, is_admin: true }],
      tracks: [],
    });
  }
  return out;
}

export function seedGiftRegistries(customers: readonly Customer[]): GiftRegistry[] {
  const withAddress = customers.filter((c) => c.addresses.length > 0).slice(0, 3);
  return withAddress.map((c, i) => {
    const a = c.addresses[0]!;
    return {
      entity_id: i + 1,
      customer_id: c.id,
      title: [`${c.firstname}'s Birthday`, `${c.lastname} Wedding`, "Baby Shower"][i] ?? "Registry",
      event_date: `2025-0${i + 4}-1${i}`,
      shipping_address: { country_id: a.country_id, region_id: a.region_id, postcode: a.postcode, city: a.city },
    };
  });
}
