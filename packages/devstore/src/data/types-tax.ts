/** Tax classes, rates and rules (Magento_Tax), in the shapes its REST repositories render. */

export type TaxClass = { class_id: number; class_name: string; class_type: "PRODUCT" | "CUSTOMER" };

export type TaxRate = {
  id: number;
  tax_country_id: string;
  tax_region_id: number;
  region_name?: string;
  tax_postcode: string;
  rate: number;
  code: string;
  zip_is_range?: number;
  zip_from?: number;
  zip_to?: number;
  titles: { store_id: string; value: string }[];
};

export type TaxRule = {
  id: number;
  code: string;
  priority: number;
  position: number;
  customer_tax_class_ids: number[];
  product_tax_class_ids: number[];
  tax_rate_ids: number[];
  calculate_subtotal: boolean;
};
