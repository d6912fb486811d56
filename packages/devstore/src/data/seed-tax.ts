/**
 * Tax seed: Magento's default classes (2 Taxable Goods, 3 Retail Customer) plus Luma-style rates for California
 * and New York (Magento's sample rates), Texas and Michigan, and EU VAT for France and Germany, joined by two rules.
 */
import type { TaxClass, TaxRate, TaxRule } from "./types-tax.ts";

export function seedTaxClasses(): TaxClass[] {
  return [
    { class_id: 2, class_name: "Taxable Goods", class_type: "PRODUCT" },
    { class_id: 3, class_name: "Retail Customer", class_type: "CUSTOMER" },
    { class_id: 4, class_name: "Wholesale Customer", class_type: "CUSTOMER" },
    { class_id: 5, class_name: "Downloadable Products", class_type: "PRODUCT" },
  ];
}

type RateSeed = [id: number, country: string, regionId: number, regionName: string, rate: number, code: string];

const RATES: readonly RateSeed[] = [
  [1, "US", 12, "CA", 8.25, "US-CA-*-Rate 1"],
  [2, "US", 43, "NY", 8.375, "US-NY-*-Rate 1"],
  [3, "US", 57, "TX", 6.25, "US-TX-*-Rate 1"],
  [4, "US", 33, "MI", 6, "US-MI-*-Rate 1"],
  [5, "FR", 0, "*", 20, "FR-VAT-Standard"],
  [6, "DE", 0, "*", 19, "DE-VAT-Standard"],
];

export function seedTaxRates(): TaxRate[] {
  return RATES.map(([id, country, regionId, regionName, rate, code]) => ({
    id,
    tax_country_id: country,
    tax_region_id: regionId,
    region_name: regionName,
    tax_postcode: "*",
    rate,
    code,
    titles: [],
  }));
}

export function seedTaxRules(): TaxRule[] {
  return [
    { id: 1, code: "US Sales Tax", priority: 0, position: 0, customer_tax_class_ids: [3], product_tax_class_ids: [2], tax_rate_ids: [1, 2, 3, 4], calculate_subtotal: false },
    { id: 2, code: "EU VAT", priority: 0, position: 1, customer_tax_class_ids: [3], product_tax_class_ids: [2, 5], tax_rate_ids: [5, 6], calculate_subtotal: false },
  ];
}
