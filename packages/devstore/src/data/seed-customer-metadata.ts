/**
 * Customer and customer-address attribute metadata (GET /V1/attributeMetadata/customer…): Magento's system
 * attributes with their forms, labels and validation rules, so an app can build a sign-up form from them.
 */
import { CUSTOMER_GROUPS } from "./store-config.ts";
import type { CustomerAttributeMetadata } from "./types-eav.ts";

const CUSTOMER_FORMS = ["adminhtml_customer", "customer_account_create", "customer_account_edit", "checkout_register"];
const ADDRESS_FORMS = ["adminhtml_customer_address", "customer_address_edit", "customer_register_address"];

type MetaSeed = [code: string, label: string, input: string, backend: string, sort: number, flags?: string, options?: { label: string; value: string }[]];

/** Flags: r required, v visible, g used in grid, x not in the customer-facing forms (admin only), u user-defined. */
const CUSTOMER: readonly MetaSeed[] = [
  ["website_id", "Associate to Website", "select", "static", 10, "rvgx"],
  ["created_in", "Account Created in", "text", "static", 20, "vx"],
  ["prefix", "Name Prefix", "text", "static", 30, "v"],
  ["firstname", "First Name", "text", "static", 40, "rvg"],
  ["middlename", "Middle Name/Initial", "text", "static", 50, "v"],
  ["lastname", "Last Name", "text", "static", 60, "rvg"],
  ["suffix", "Name Suffix", "text", "static", 70, "v"],
  ["email", "Email", "text", "static", 80, "rvg"],
  ["group_id", "Group", "select", "static", 25, "rvgx", CUSTOMER_GROUPS.filter((g) => g.id !== 0).map((g) => ({ label: g.code, value: String(g.id) }))],
  ["dob", "Date of Birth", "date", "static", 90, "vg"],
  ["taxvat", "Tax/VAT number", "text", "static", 100, "vg"],
  ["gender", "Gender", "select", "static", 110, "vg", [{ label: "", value: "" }, { label: "Male", value: "1" }, { label: "Female", value: "2" }, { label: "Not Specified", value: "3" }]],
  ["default_billing", "Default Billing Address", "text", "static", 0, "x"],
  ["default_shipping", "Default Shipping Address", "text", "static", 0, "x"],
  ["disable_auto_group_change", "Disable Automatic Group Change Based on VAT ID", "boolean", "static", 28, "vx"],
];

const ADDRESS: readonly MetaSeed[] = [
  ["prefix", "Name Prefix", "text", "static", 10, "v"],
  ["firstname", "First Name", "text", "static", 20, "rvg"],
  ["middlename", "Middle Name/Initial", "text", "static", 30, "v"],
  ["lastname", "Last Name", "text", "static", 40, "rvg"],
  ["suffix", "Name Suffix", "text", "static", 50, "v"],
  ["company", "Company", "text", "static", 60, "vg"],
  ["street", "Street Address", "multiline", "static", 70, "rvg"],
  ["city", "City", "text", "static", 80, "rvg"],
  ["country_id", "Country", "select", "static", 90, "rvg"],
  ["region", "State/Province", "text", "static", 100, "vg"],
  ["region_id", "State/Province", "hidden", "static", 100, "v"],
  ["postcode", "Zip/Postal Code", "text", "static", 110, "vg"],
  ["telephone", "Phone Number", "text", "static", 120, "rvg"],
  ["fax", "Fax", "text", "static", 130, "vg"],
  ["vat_id", "VAT number", "text", "static", 140, "vg"],
];

function metadata([code, label, input, backend, sort, flags = "", opts = []]: MetaSeed, forms: string[]): CustomerAttributeMetadata {
  const has = (f: string) => flags.includes(f);
  const textual = input === "text" || input === "multiline";
  return {
    attribute_code: code,
    frontend_input: input,
    input_filter: code === "dob" ? "date" : "",
    store_label: label,
    validation_rules: textual && has("r") ? [{ name: "max_text_length", value: "255" }, { name: "min_text_length", value: "1" }] : code === "email" ? [{ name: "input_validation", value: "email" }] : [],
    multiline_count: input === "multiline" ? 2 : 0,
    visible: has("v"),
    required: has("r"),
    data_model: code === "dob" ? "Magento\\Customer\\Model\\Metadata\\Form\\Date" : "",
    options: opts,
    frontend_class: has("r") ? " required-entry" : "",
    user_defined: has("u"),
    sort_order: sort,
    frontend_label: label,
    note: "",
    system: !has("u"),
    backend_type: backend,
    is_used_in_grid: has("g"),
    is_visible_in_grid: has("g"),
    is_filterable_in_grid: has("g"),
    is_searchable_in_grid: has("g"),
    forms: has("x") ? forms.filter((f) => f.startsWith("adminhtml")) : forms,
  };
}

export function seedCustomerMetadata(): CustomerAttributeMetadata[] {
  return CUSTOMER.map((m) => metadata(m, CUSTOMER_FORMS));
}

export function seedAddressMetadata(): CustomerAttributeMetadata[] {
  return ADDRESS.map((m) => metadata(m, ADDRESS_FORMS));
}
