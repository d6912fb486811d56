/**
 * The store's fixed configuration: one website with two store views (English, French), the admin scope,
 * currencies, customer groups, product types and the enabled modules. These never change while it runs.
 */
import type { CustomerGroup, StoreView } from "./types.ts";

export const STORE_VIEWS: readonly StoreView[] = [
  { id: 0, code: "admin", name: "Admin", website_id: 0, store_group_id: 0, is_active: 1, locale: "en_US", display_currency: "USD" },
  { id: 1, code: "default", name: "Default Store View", website_id: 1, store_group_id: 1, is_active: 1, locale: "en_US", display_currency: "USD" },
  { id: 2, code: "fr", name: "French Store View", website_id: 1, store_group_id: 1, is_active: 1, locale: "fr_FR", display_currency: "EUR" },
];

export const STORE_GROUPS = [
  { id: 0, website_id: 0, root_category_id: 0, default_store_id: 0, name: "Default", code: "default" },
  { id: 1, website_id: 1, root_category_id: 2, default_store_id: 1, name: "Main Website Store", code: "main_website_store" },
] as const;

export const WEBSITES = [
  { id: 0, code: "admin", name: "Admin", default_group_id: 0 },
  { id: 1, code: "base", name: "Main Website", default_group_id: 1 },
] as const;

export const CURRENCY = {
  base_currency_code: "USD",
  base_currency_symbol: "$",
  available_currency_codes: ["EUR", "USD"],
  exchange_rates: [
    { currency_to: "USD", rate: 1 },
    { currency_to: "EUR", rate: 0.9211 },
  ],
} as const;

export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { USD: "$", EUR: "€" };

export const CUSTOMER_GROUPS: readonly CustomerGroup[] = [
  { id: 0, code: "NOT LOGGED IN", tax_class_id: 3, tax_class_name: "Retail Customer" },
  { id: 1, code: "General", tax_class_id: 3, tax_class_name: "Retail Customer" },
  { id: 2, code: "Wholesale", tax_class_id: 3, tax_class_name: "Retail Customer" },
  { id: 3, code: "Retailer", tax_class_id: 3, tax_class_name: "Retail Customer" },
];

export const PRODUCT_TYPES = [
  { name: "simple", label: "Simple Product" },
  { name: "virtual", label: "Virtual Product" },
  { name: "bundle", label: "Bundle Product" },
  { name: "downloadable", label: "Downloadable Product" },
  { name: "configurable", label: "Configurable Product" },
  { name: "grouped", label: "Grouped Product" },
] as const;

/** `GET /V1/modules`: the Open Source modules this store plays (no Commerce-only module is installed). */
export const MODULES: readonly string[] = [
  "Magento_Store", "Magento_Directory", "Magento_Theme", "Magento_Eav", "Magento_Customer", "Magento_Backend",
  "Magento_Authorization", "Magento_Indexer", "Magento_Cms", "Magento_Catalog", "Magento_CatalogInventory",
  "Magento_CatalogSearch", "Magento_Quote", "Magento_Sales", "Magento_Checkout", "Magento_Payment",
  "Magento_Shipping", "Magento_Tax", "Magento_SalesRule", "Magento_Bundle", "Magento_ConfigurableProduct",
  "Magento_Downloadable", "Magento_GroupedProduct", "Magento_Integration", "Magento_Webapi", "Magento_WebapiSecurity",
  "Magento_JwtUserToken", "Magento_Swagger", "Magento_SwaggerWebapi", "Magento_Analytics", "Magento_GiftMessage",
  "Magento_CheckoutAgreements", "Magento_Email", "Magento_Newsletter", "Magento_OfflinePayments", "Magento_OfflineShipping",
];
