/**
 * Cart seed: active carts left by signed-in customers and by guests (abandoned carts, what `GET /V1/carts/search`
 * finds on a live store). The demo customer has no active cart, so `POST /V1/carts/mine` starts one.
 * Guest carts carry a 32-character masked id, as QuoteIdMask gives them.
 */
import { datetime, Prng } from "./prng.ts";
import type { Customer, Product } from "./types.ts";
import type { Quote, QuoteAddress, QuoteItem } from "./types-quote.ts";

const CART_START = Date.UTC(2024, 11, 1, 9, 0, 0);
const MASK_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

export function addressFromCustomer(c: Customer, id: number): QuoteAddress | undefined {
  const a = c.addresses.find((x) => String(x.id) === c.default_shipping) ?? c.addresses[0];
  if (!a) return undefined;
  return {
    id,
    region: a.region.region,
    region_id: a.region_id || null,
    region_code: a.region.region_code,
    country_id: a.country_id,
    street: [...a.street],
    telephone: a.telephone,
    postcode: a.postcode,
    city: a.city,
    firstname: a.firstname,
    lastname: a.lastname,
    email: c.email,
    customer_address_id: a.id,
    same_as_billing: 1,
    save_in_address_book: 0,
  };
}

export function quoteItemFor(p: Product, itemId: number, qty: number): QuoteItem {
  const item: QuoteItem = {
    item_id: itemId,
    sku: p.sku,
    product_id: p.id,
    qty,
    name: p.name,
    price: p.price,
    product_type: p.type_id,
    tax_class_id: String(p.custom_attributes.find((a) => a.attribute_code === "tax_class_id")?.value ?? "2"),
  };
  if (p.weight !== undefined) item.weight = p.weight;
  return item;
}

export function seedQuotes(products: readonly Product[], customers: readonly Customer[]): Quote[] {
  const rng = new Prng(77031);
  const sellable = products.filter((p) => p.status === 1 && (p.type_id === "simple" || p.type_id === "virtual") && p.extension_attributes.stock_item.qty > 5);
  const quotes: Quote[] = [];
  let itemId = 0;
  for (let n = 1; n <= 14; n++) {
    const guest = n > 9;
    const customer = guest ? undefined : customers[n]; // customers 2..10; the demo customer (1) has none
    const created = CART_START + n * 5 * 3_600_000 + rng.int(0, 3_599) * 1000;
    const items = rng.some(sellable, rng.int(1, 3)).map((p) => quoteItemFor(p, ++itemId, rng.chance(0.7) ? 1 : 2));
    const q: Quote = {
      id: n,
      store_id: 1,
      created_at: datetime(created),
      updated_at: datetime(created + rng.int(1, 48) * 600_000),
      is_active: true,
      customer_email: customer?.email ?? null,
      customer_firstname: customer?.firstname ?? null,
      customer_lastname: customer?.lastname ?? null,
      customer_group_id: customer?.group_id ?? 0,
      customer_is_guest: guest,
      items,
      orig_order_id: 0,
      gift_cards: [],
      use_customer_balance: false,
      use_reward_points: false,
    };
    if (customer) {
      q.customer_id = customer.id;
      const address = addressFromCustomer(customer, n * 2);
      if (address) q.billing_address = { ...address, id: n * 2 - 1 };
    } else {
      q.masked_id = Array.from({ length: 32 }, () => MASK_ALPHABET[rng.int(0, MASK_ALPHABET.length - 1)]).join("");
    }
    quotes.push(q);
  }
  return quotes;
}
