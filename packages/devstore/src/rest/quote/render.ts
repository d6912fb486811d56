/** Carts, items and addresses in Magento's REST shapes (CartInterface, CartItemInterface, AddressInterface). */
import type { Quote, QuoteAddress, QuoteItem } from "../../data/index.ts";
import { isVirtual } from "./shipping-rates.ts";

export function emptyAddress(id = 0): QuoteAddress {
  return {
    id,
    region: null,
    region_id: null,
    region_code: null,
    country_id: null,
    street: [""],
    telephone: null,
    postcode: null,
    city: null,
    firstname: null,
    lastname: null,
    email: null,
    same_as_billing: 0,
    save_in_address_book: 0,
  };
}

export function renderAddress(a: QuoteAddress | undefined, customerId?: number): Record<string, unknown> {
  const address = a ?? emptyAddress();
  return { ...address, ...(customerId !== undefined ? { customer_id: customerId } : {}) };
}

export function renderItem(q: Quote, i: QuoteItem): Record<string, unknown> {
  const out: Record<string, unknown> = {
    item_id: i.item_id,
    sku: i.sku,
    qty: i.qty,
    name: i.name,
    price: i.price,
    product_type: i.product_type,
    quote_id: q.masked_id ?? String(q.id),
  };
  const o = i.product_option;
  if (o) {
    const ext: Record<string, unknown> = {};
    if (o.configurable_item_options) ext.configurable_item_options = o.configurable_item_options;
    if (o.bundle_options) ext.bundle_options = o.bundle_options;
    if (o.downloadable_links) ext.downloadable_option = { downloadable_links: o.downloadable_links };
    if (o.custom_options) ext.custom_options = o.custom_options;
    out.product_option = { extension_attributes: ext };
  }
  return out;
}

export function renderCart(q: Quote): Record<string, unknown> {
  const customer =
    q.customer_id !== undefined
      ? {
          id: q.customer_id,
          email: q.customer_email,
          firstname: q.customer_firstname,
          lastname: q.customer_lastname,
          group_id: q.customer_group_id,
        }
      : { email: q.customer_email, firstname: q.customer_firstname, lastname: q.customer_lastname };
  const shipping = q.shipping_address;
  return {
    id: q.id,
    created_at: q.created_at,
    updated_at: q.updated_at,
    is_active: q.is_active,
    is_virtual: isVirtual(q),
    items: q.items.map((i) => renderItem(q, i)),
    items_count: q.items.length,
    items_qty: q.items.reduce((s, i) => s + i.qty, 0),
    customer,
    billing_address: renderAddress(q.billing_address, q.customer_id),
    ...(q.reserved_order_id ? { reserved_order_id: q.reserved_order_id } : {}),
    orig_order_id: q.orig_order_id,
    currency: {
      global_currency_code: "USD",
      base_currency_code: "USD",
      store_currency_code: "USD",
      quote_currency_code: "USD",
      store_to_base_rate: 0,
      store_to_quote_rate: 0,
      base_to_global_rate: 1,
      base_to_quote_rate: 1,
    },
    customer_is_guest: q.customer_is_guest,
    customer_note_notify: true,
    customer_tax_class_id: 3,
    store_id: q.store_id,
    extension_attributes: {
      shipping_assignments:
        shipping || q.items.length
          ? [
              {
                shipping: {
                  address: renderAddress(shipping, q.customer_id),
                  method: q.shipping_method
                    ? `${q.shipping_method.carrier_code}_${q.shipping_method.method_code}`
                    : null,
                },
                items: q.items.map((i) => renderItem(q, i)),
              },
            ]
          : [],
    },
  };
}
