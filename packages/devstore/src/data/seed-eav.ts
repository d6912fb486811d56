/**
 * EAV seed: the catalog's product and category attributes (Magento's attribute ids for the common ones), the
 * Luma attribute sets and groups the seeded products use, and the option lists behind color, size and activity.
 */
import { ACTIVITIES, BOTTOM_SIZES, COLORS, TOP_SIZES } from "./seed-catalog.ts";
import type { AttributeGroup, AttributeOption, AttributeSet, CatalogAttribute } from "./types-eav.ts";

export const PRODUCT_ENTITY_TYPE_ID = 4;
export const CATEGORY_ENTITY_TYPE_ID = 3;

const ACTIVITY_LABELS: Record<string, string> = { "5": "Yoga", "8": "Running", "9": "Hiking", "11": "Gym", "14": "Outdoor", "16": "Sports", "17": "Cycling" };

type AttrSeed = [id: number, code: string, label: string, input: string, backend: string, flags?: string, options?: AttributeOption[]];

const options = (pairs: readonly (readonly [string, string])[]): AttributeOption[] => [
  { label: " ", value: "" },
  ...pairs.map(([value, label], i) => ({ label, value, sort_order: i + 1, is_default: false })),
];

/** Flags: s static column, r required, u user-defined, g global scope, w website scope, f filterable, q searchable, l used in listing, o sort-by. */
const PRODUCT_ATTRIBUTES: readonly AttrSeed[] = [
  [73, "name", "Product Name", "text", "varchar", "rqlo"],
  [74, "sku", "SKU", "text", "static", "srgq"],
  [75, "description", "Description", "textarea", "text", "q"],
  [76, "short_description", "Short Description", "textarea", "text", "q"],
  [77, "price", "Price", "price", "decimal", "rwfqlo"],
  [78, "special_price", "Special Price", "price", "decimal", "wl"],
  [79, "special_from_date", "Special Price From Date", "date", "datetime", "wl"],
  [80, "special_to_date", "Special Price To Date", "date", "datetime", "wl"],
  [81, "cost", "Cost", "price", "decimal", "ug"],
  [82, "weight", "Weight", "weight", "decimal", "g"],
  [83, "manufacturer", "Manufacturer", "select", "int", "ugfq", []],
  [84, "meta_title", "Meta Title", "text", "varchar", ""],
  [85, "meta_keyword", "Meta Keywords", "textarea", "text", ""],
  [86, "meta_description", "Meta Description", "textarea", "varchar", ""],
  [87, "image", "Base", "media_image", "varchar", "l"],
  [88, "small_image", "Small", "media_image", "varchar", "l"],
  [89, "thumbnail", "Thumbnail", "media_image", "varchar", "l"],
  [90, "media_gallery", "Media Gallery", "gallery", "static", "s"],
  [92, "tier_price", "Tier Price", "text", "decimal", "w"],
  [93, "color", "Color", "select", "int", "ugfql", options(COLORS)],
  [94, "news_from_date", "Set Product as New from Date", "date", "datetime", "wl"],
  [95, "news_to_date", "Set Product as New to Date", "date", "datetime", "wl"],
  [97, "status", "Enable Product", "boolean", "int", "wl"],
  [99, "visibility", "Visibility", "select", "int", "r", options([["1", "Not Visible Individually"], ["2", "Catalog"], ["3", "Search"], ["4", "Catalog, Search"]])],
  [100, "custom_design", "New Theme", "select", "varchar", ""],
  [106, "page_layout", "Layout", "select", "varchar", ""],
  [112, "has_options", "Has Options", "text", "static", "sg"],
  [113, "required_options", "Required Options", "text", "static", "sg"],
  [115, "quantity_and_stock_status", "Quantity", "select", "int", "g", options([["1", "In Stock"], ["0", "Out of Stock"]])],
  [117, "category_ids", "Categories", "categories", "static", "sg"],
  [119, "url_key", "URL Key", "text", "varchar", "l"],
  [121, "gift_message_available", "Allow Gift Message", "boolean", "varchar", "l"],
  [125, "country_of_manufacture", "Country of Manufacture", "select", "varchar", "w"],
  [132, "tax_class_id", "Tax Class", "select", "int", "wfl", options([["0", "None"], ["2", "Taxable Goods"]])],
  [141, "activity", "Activity", "multiselect", "varchar", "ugfq", options(ACTIVITIES.map((v) => [v, ACTIVITY_LABELS[v] ?? v] as const))],
  [144, "size", "Size", "select", "int", "ugfql", options([...TOP_SIZES, ...BOTTOM_SIZES])],
  [150, "links_purchased_separately", "Links can be purchased separately", "boolean", "int", "g"],
  [151, "shipment_type", "Ship Bundle Items", "select", "int", "g", options([["0", "Together"], ["1", "Separately"]])],
];

const CATEGORY_ATTRIBUTES: readonly AttrSeed[] = [
  [45, "name", "Name", "text", "varchar", "r"],
  [46, "is_active", "Enable Category", "select", "int", "r", options([["1", "Yes"], ["0", "No"]])],
  [47, "description", "Description", "textarea", "text", ""],
  [48, "image", "Category Image", "image", "varchar", ""],
  [49, "meta_title", "Page Title", "text", "varchar", ""],
  [50, "meta_keywords", "Meta Keywords", "textarea", "text", ""],
  [51, "meta_description", "Meta Description", "textarea", "text", ""],
  [52, "display_mode", "Display Mode", "select", "varchar", "", options([["PRODUCTS", "Products only"], ["PAGE", "Static block only"], ["PRODUCTS_AND_PAGE", "Static block and products"]])],
  [53, "landing_page", "CMS Block", "select", "int", ""],
  [54, "is_anchor", "Anchor", "select", "int", "g", options([["1", "Yes"], ["0", "No"]])],
  [55, "path", "Path", "text", "static", "sg"],
  [56, "position", "Position", "text", "static", "sg"],
  [58, "children_count", "Children Count", "text", "static", "sg"],
  [59, "level", "Level", "text", "static", "sg"],
  [60, "parent_id", "Parent Category", "text", "static", "sg"],
  [61, "created_at", "Created At", "date", "static", "sg"],
  [62, "updated_at", "Updated At", "date", "static", "sg"],
  [67, "include_in_menu", "Include in Navigation Menu", "select", "int", "gr", options([["1", "Yes"], ["0", "No"]])],
  [68, "available_sort_by", "Available Product Listing Sort By", "multiselect", "text", "r"],
  [69, "default_sort_by", "Default Product Listing Sort By", "select", "varchar", "r"],
  [120, "url_key", "URL Key", "text", "varchar", ""],
  [122, "url_path", "URL Path", "text", "varchar", ""],
];

function attribute(entityTypeId: number, [id, code, label, input, backend, flags = "", opts]: AttrSeed): CatalogAttribute {
  const has = (f: string) => flags.includes(f);
  const isStatic = has("s") || backend === "static";
  return {
    attribute_id: id,
    attribute_code: code,
    entity_type_id: String(entityTypeId),
    frontend_input: input,
    backend_type: backend,
    default_frontend_label: label,
    frontend_labels: [],
    is_required: has("r"),
    is_user_defined: has("u"),
    is_unique: code === "sku" ? "1" : "0",
    scope: has("g") ? "global" : has("w") ? "website" : "store",
    default_value: "",
    is_visible: true,
    is_searchable: has("q") ? "1" : "0",
    is_filterable: has("f"),
    is_comparable: has("u") ? "1" : "0",
    is_visible_on_front: has("u") ? "1" : "0",
    is_html_allowed_on_front: input === "textarea",
    used_for_sort_by: has("o"),
    used_in_product_listing: has("l") ? "1" : "0",
    is_used_in_grid: true,
    is_visible_in_grid: has("l"),
    is_filterable_in_grid: true,
    is_wysiwyg_enabled: input === "textarea",
    position: 0,
    apply_to: [],
    options: opts ?? [],
    validation_rules: [],
    ...(input === "select" || input === "multiselect" ? { source_model: "Magento\\Eav\\Model\\Entity\\Attribute\\Source\\Table" } : {}),
    ...(input === "multiselect" ? { backend_model: "Magento\\Eav\\Model\\Entity\\Attribute\\Backend\\ArrayBackend" } : {}),
    is_static: isStatic,
  };
}

export function seedProductAttributes(): CatalogAttribute[] {
  return PRODUCT_ATTRIBUTES.map((a) => attribute(PRODUCT_ENTITY_TYPE_ID, a));
}

export function seedCategoryAttributes(): CatalogAttribute[] {
  return CATEGORY_ATTRIBUTES.map((a) => attribute(CATEGORY_ENTITY_TYPE_ID, a));
}

/** Static product columns a search can use besides the attributes (catalog_product_entity). */
export const PRODUCT_STATIC_FIELDS = ["entity_id", "attribute_set_id", "type_id", "created_at", "updated_at"] as const;

export function seedAttributeSets(): AttributeSet[] {
  return [
    { attribute_set_id: 3, attribute_set_name: "Default", sort_order: 1, entity_type_id: CATEGORY_ENTITY_TYPE_ID },
    { attribute_set_id: 4, attribute_set_name: "Default", sort_order: 1, entity_type_id: PRODUCT_ENTITY_TYPE_ID },
    { attribute_set_id: 9, attribute_set_name: "Top", sort_order: 0, entity_type_id: PRODUCT_ENTITY_TYPE_ID },
    { attribute_set_id: 10, attribute_set_name: "Bottom", sort_order: 0, entity_type_id: PRODUCT_ENTITY_TYPE_ID },
    { attribute_set_id: 11, attribute_set_name: "Gear", sort_order: 0, entity_type_id: PRODUCT_ENTITY_TYPE_ID },
  ];
}

const BASE_GROUPS: readonly [name: string, attributes: string[]][] = [
  ["Product Details", ["name", "sku", "price", "tax_class_id", "quantity_and_stock_status", "weight", "category_ids", "visibility", "status"]],
  ["Content", ["description", "short_description"]],
  ["Images", ["image", "small_image", "thumbnail", "media_gallery"]],
  ["Search Engine Optimization", ["url_key", "meta_title", "meta_keyword", "meta_description"]],
  ["Advanced Pricing", ["special_price", "special_from_date", "special_to_date", "cost", "tier_price"]],
  ["Design", ["page_layout", "custom_design"]],
  ["Gift Options", ["gift_message_available"]],
];

export function seedAttributeGroups(): AttributeGroup[] {
  const groups: AttributeGroup[] = [];
  let id = 7;
  const extra: Record<number, string[]> = { 9: ["color", "size", "activity"], 10: ["color", "size", "activity"], 11: ["activity", "manufacturer"] };
  for (const setId of [4, 9, 10, 11]) {
    BASE_GROUPS.forEach(([name, attributes], i) => {
      groups.push({ attribute_group_id: id++, attribute_group_name: name, attribute_set_id: setId, sort_order: i + 1, attributes: [...attributes, ...(i === 0 ? (extra[setId] ?? []) : [])] });
    });
  }
  groups.push({
    attribute_group_id: id++,
    attribute_group_name: "General Information",
    attribute_set_id: 3,
    sort_order: 1,
    attributes: CATEGORY_ATTRIBUTES.map((a) => a[1]),
  });
  return groups;
}
