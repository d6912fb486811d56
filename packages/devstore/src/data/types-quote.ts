/**
 * Carts (Magento_Quote) as the dev store holds them. Routes render them into Magento's CartInterface,
 * CartItemInterface, AddressInterface and TotalsInterface shapes (rest/quote/render.ts).
 */

export type QuoteAddress = {
  id: number;
  region: string | null;
  region_id: number | null;
  region_code: string | null;
  country_id: string | null;
  street: string[];
  company?: string;
  telephone: string | null;
  postcode: string | null;
  city: string | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  customer_address_id?: number;
  same_as_billing: number;
  save_in_address_book: number;
};

export type QuoteItemOption = {
  /** Configurable: the chosen super attribute values ({option_id: attribute id, option_value: option id}). */
  configurable_item_options?: { option_id: string; option_value: number }[];
  /** Bundle: the chosen selections per option. */
  bundle_options?: { option_id: number; option_qty: number; option_selections: number[] }[];
  /** Downloadable: the purchased link ids. */
  downloadable_links?: number[];
  /** Custom options: {option_id, option_value}. */
  custom_options?: { option_id: string; option_value: string }[];
};

export type QuoteItem = {
  item_id: number;
  /** The SKU as the cart shows it (a configurable shows the chosen child's SKU). */
  sku: string;
  /** The product added (the configurable parent, the bundle, or the simple product). */
  product_id: number;
  /** The simple product that is shipped and stocked (configurable: the chosen child). */
  child_product_id?: number;
  qty: number;
  name: string;
  price: number;
  product_type: string;
  product_option?: QuoteItemOption;
  weight?: number;
  tax_class_id: string;
  gift_message_id?: number;
};

export type QuoteShippingMethod = { carrier_code: string; method_code: string };

export type Quote = {
  id: number;
  /** Guest carts are addressed by a 32-character masked id (QuoteIdMask), never by `id`. */
  masked_id?: string;
  store_id: number;
  created_at: string;
  updated_at: string;
  is_active: boolean;
  customer_id?: number;
  customer_email: string | null;
  customer_firstname: string | null;
  customer_lastname: string | null;
  customer_group_id: number;
  customer_is_guest: boolean;
  items: QuoteItem[];
  billing_address?: QuoteAddress;
  shipping_address?: QuoteAddress;
  shipping_method?: QuoteShippingMethod;
  payment?: { method: string; po_number?: string | null; additional_data?: string[] };
  coupon_code?: string;
  gift_message_id?: number;
  reserved_order_id?: string;
  orig_order_id: number;
  /** Commerce: applied gift card codes, store credit and reward points. */
  gift_cards: string[];
  use_customer_balance: boolean;
  use_reward_points: boolean;
};

export type GiftMessage = {
  gift_message_id: number;
  customer_id: number;
  sender: string;
  recipient: string;
  message: string;
};
