/**
 * The dev store's records, shaped like Magento's REST data interfaces (field names as the API renders them).
 * Type aliases, not interfaces, so records can be read as plain `Record<string, unknown>` by searchCriteria.
 */

export type CustomAttribute = { attribute_code: string; value: unknown };

export type CategoryLink = { position: number; category_id: string };

export type StockItem = {
  item_id: number;
  product_id: number;
  stock_id: number;
  qty: number;
  is_in_stock: boolean;
  is_qty_decimal: boolean;
  manage_stock: boolean;
  min_qty: number;
  min_sale_qty: number;
  max_sale_qty: number;
  backorders: number;
  notify_stock_qty: number;
  low_stock_date: string | null;
};

export type Product = {
  id: number;
  sku: string;
  name: string;
  attribute_set_id: number;
  price: number;
  /** 1 enabled, 2 disabled. */
  status: number;
  /** 1 not visible individually … 4 catalog & search. */
  visibility: number;
  type_id: string;
  created_at: string;
  updated_at: string;
  /** Absent on virtual and downloadable products (a NULL column). */
  weight?: number;
  extension_attributes: ProductExtension;
  product_links: ProductLink[];
  options: CustomOption[];
  media_gallery_entries: MediaEntry[];
  tier_prices: TierPrice[];
  custom_attributes: CustomAttribute[];
};

/** What the product's type adds under extension_attributes (configurable, bundle, downloadable modules). */
export type ProductExtension = {
  website_ids: number[];
  category_links: CategoryLink[];
  stock_item: StockItem;
  configurable_product_options?: ConfigurableOption[];
  configurable_product_links?: number[];
  bundle_product_options?: BundleOption[];
  downloadable_product_links?: DownloadableLink[];
  downloadable_product_samples?: DownloadableSample[];
};

export type ProductLink = {
  sku: string;
  link_type: string;
  linked_product_sku: string;
  linked_product_type: string;
  position: number;
  extension_attributes?: { qty?: number };
};

export type CustomOptionValue = { title: string; sort_order: number; price: number; price_type: string; sku?: string; option_type_id: number };

export type CustomOption = {
  product_sku: string;
  option_id: number;
  title: string;
  type: string;
  sort_order: number;
  is_require: boolean;
  price?: number;
  price_type?: string;
  sku?: string;
  max_characters?: number;
  values?: CustomOptionValue[];
};

export type MediaEntry = {
  id: number;
  media_type: string;
  label: string | null;
  position: number;
  disabled: boolean;
  types: string[];
  file: string;
};

export type TierPrice = { customer_group_id: number; qty: number; value: number; extension_attributes?: { website_id?: number; percentage_value?: number } };

export type ConfigurableOption = {
  id: number;
  attribute_id: string;
  label: string;
  position: number;
  values: { value_index: number }[];
  product_id: number;
};

export type BundleLink = {
  id: number;
  sku: string;
  option_id: number;
  qty: number;
  position: number;
  is_default: boolean;
  price: number;
  price_type: number;
  can_change_quantity: number;
};

export type BundleOption = { option_id: number; title: string; required: boolean; type: string; position: number; sku: string; product_links: BundleLink[] };

export type DownloadableLink = {
  id: number;
  title: string;
  sort_order: number;
  is_shareable: number;
  price: number;
  number_of_downloads: number;
  link_type: "url" | "file";
  link_file?: string;
  link_url?: string;
  sample_type?: "url" | "file";
  sample_file?: string;
  sample_url?: string;
};

export type DownloadableSample = { id: number; title: string; sort_order: number; sample_type: "url" | "file"; sample_file?: string; sample_url?: string };

export type Category = {
  id: number;
  parent_id: number;
  name: string;
  is_active: boolean;
  position: number;
  level: number;
  path: string;
  created_at: string;
  updated_at: string;
  include_in_menu: boolean;
  available_sort_by: string[];
  custom_attributes: CustomAttribute[];
};

export type Region = { region_code: string; region: string; region_id: number };

export type CustomerAddress = {
  id: number;
  customer_id: number;
  region: Region;
  region_id: number;
  country_id: string;
  street: string[];
  telephone: string;
  postcode: string;
  city: string;
  firstname: string;
  lastname: string;
  default_shipping?: boolean;
  default_billing?: boolean;
};

export type Customer = {
  id: number;
  group_id: number;
  default_billing?: string;
  default_shipping?: string;
  created_at: string;
  updated_at: string;
  created_in: string;
  dob?: string;
  email: string;
  firstname: string;
  lastname: string;
  middlename?: string;
  prefix?: string;
  suffix?: string;
  gender: number;
  store_id: number;
  taxvat?: string;
  website_id: number;
  addresses: CustomerAddress[];
  disable_auto_group_change: number;
  extension_attributes: { is_subscribed: boolean };
};

export type CustomerGroup = { id: number; code: string; tax_class_id: number; tax_class_name: string };

export type OrderAddress = {
  address_type: "billing" | "shipping";
  city: string;
  country_id: string;
  customer_address_id?: number;
  email: string;
  entity_id: number;
  firstname: string;
  lastname: string;
  parent_id: number;
  postcode: string;
  region: string;
  region_code: string;
  region_id: number;
  street: string[];
  telephone: string;
};

export type OrderItem = {
  item_id: number;
  order_id: number;
  product_id: number;
  sku: string;
  name: string;
  product_type: string;
  qty_ordered: number;
  qty_invoiced: number;
  qty_shipped: number;
  qty_refunded: number;
  qty_canceled: number;
  price: number;
  base_price: number;
  original_price: number;
  row_total: number;
  base_row_total: number;
  tax_amount: number;
  discount_amount: number;
  weight?: number;
  store_id: number;
  created_at: string;
  updated_at: string;
};

export type StatusHistory = {
  entity_id: number;
  parent_id: number;
  comment: string;
  created_at: string;
  entity_name: string;
  is_customer_notified: number;
  is_visible_on_front: number;
  status: string;
};

export type Order = {
  entity_id: number;
  increment_id: string;
  state: string;
  status: string;
  created_at: string;
  updated_at: string;
  /** Absent for guest orders (a NULL column). */
  customer_id?: number;
  customer_is_guest: number;
  customer_email: string;
  customer_firstname: string;
  customer_lastname: string;
  customer_group_id: number;
  store_id: number;
  store_name: string;
  base_currency_code: string;
  order_currency_code: string;
  global_currency_code: string;
  store_currency_code: string;
  subtotal: number;
  base_subtotal: number;
  shipping_amount: number;
  base_shipping_amount: number;
  tax_amount: number;
  base_tax_amount: number;
  discount_amount: number;
  grand_total: number;
  base_grand_total: number;
  total_qty_ordered: number;
  total_item_count: number;
  total_invoiced?: number;
  total_paid?: number;
  total_refunded?: number;
  weight: number;
  shipping_description: string;
  hold_before_state?: string;
  hold_before_status?: string;
  items: OrderItem[];
  billing_address: OrderAddress;
  payment: { entity_id: number; parent_id: number; method: string; amount_ordered: number; base_amount_ordered: number; additional_information: string[] };
  status_histories: StatusHistory[];
  extension_attributes: {
    shipping_assignments: { shipping: { address: OrderAddress; method: string; total: { shipping_amount: number; base_shipping_amount: number } }; items: OrderItem[] }[];
  };
};

export type SalesDocItem = {
  entity_id: number;
  parent_id: number;
  order_item_id: number;
  product_id: number;
  sku: string;
  name: string;
  qty: number;
  price: number;
  row_total?: number;
  weight?: number;
};

/** The money block invoices and credit memos share. */
export type DocumentTotals = {
  store_id: number;
  billing_address_id: number;
  base_currency_code: string;
  order_currency_code: string;
  subtotal: number;
  shipping_amount: number;
  tax_amount: number;
  grand_total: number;
  base_grand_total: number;
};

export type Invoice = DocumentTotals & {
  entity_id: number;
  order_id: number;
  increment_id: string;
  /** 1 open, 2 paid, 3 canceled. */
  state: number;
  created_at: string;
  updated_at: string;
  total_qty: number;
  items: SalesDocItem[];
  comments: unknown[];
};

export type ShipmentTrack = {
  entity_id: number;
  parent_id: number;
  order_id: number;
  track_number: string;
  title: string;
  carrier_code: string;
  created_at: string;
};

export type Shipment = {
  entity_id: number;
  order_id: number;
  increment_id: string;
  created_at: string;
  updated_at: string;
  store_id: number;
  billing_address_id: number;
  shipping_address_id: number;
  total_qty: number;
  items: SalesDocItem[];
  tracks: ShipmentTrack[];
  comments: unknown[];
  packages: unknown[];
};

export type CreditMemo = DocumentTotals & {
  entity_id: number;
  order_id: number;
  invoice_id: number;
  increment_id: string;
  /** 2 refunded. */
  state: number;
  created_at: string;
  updated_at: string;
  adjustment_positive: number;
  adjustment_negative: number;
  items: SalesDocItem[];
  comments: unknown[];
};

export type CmsPage = {
  id: number;
  identifier: string;
  title: string;
  page_layout: string;
  meta_title: string;
  meta_keywords: string;
  meta_description: string;
  content_heading: string;
  content: string;
  creation_time: string;
  update_time: string;
  sort_order: string;
  active: boolean;
};

export type CmsBlock = {
  id: number;
  identifier: string;
  title: string;
  content: string;
  creation_time: string;
  update_time: string;
  active: boolean;
};

export type StoreView = {
  id: number;
  code: string;
  name: string;
  website_id: number;
  store_group_id: number;
  is_active: number;
  locale: string;
  display_currency: string;
};

export type CountryInformation = {
  id: string;
  two_letter_abbreviation: string;
  three_letter_abbreviation: string;
  full_name_locale: string;
  full_name_english: string;
  available_regions?: { id: string; code: string; name: string }[];
};

export type Transaction = {
  transaction_id: number;
  parent_id?: number;
  order_id: number;
  payment_id: number;
  txn_id: string;
  parent_txn_id?: string;
  txn_type: "order" | "authorization" | "capture" | "void" | "refund";
  is_closed: number;
  additional_information: string[];
  created_at: string;
  child_transactions: Transaction[];
};

/** An MSI source item kept on its own (a source other than `default`): SourceItemInterface plus its table's id. */
export interface SourceItemRecord {
  source_item_id: number;
  sku: string;
  source_code: string;
  quantity: number;
  /** 1 in stock, 0 out of stock. */
  status: number;
}

/** The key of a source item: its source and SKU (case-insensitive, MySQL's collation). */
export const sourceItemKey = (sourceCode: string, sku: string): string => `${sourceCode}\u0000${sku.toLowerCase()}`;
