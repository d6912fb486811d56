/** EAV metadata: product and category attributes, attribute sets and groups (Magento_Eav, Magento_Catalog). */

export type AttributeOption = { label: string; value: string; sort_order?: number; is_default?: boolean };

/** A catalog (product or category) attribute, in Magento's ProductAttributeInterface / CategoryAttributeInterface shape. */
export type CatalogAttribute = {
  attribute_id: number;
  attribute_code: string;
  /** 3 = catalog_category, 4 = catalog_product. */
  entity_type_id: string;
  frontend_input: string;
  backend_type: string;
  default_frontend_label: string;
  frontend_labels: { store_id: number; label: string }[];
  is_required: boolean;
  is_user_defined: boolean;
  is_unique: string;
  scope: "global" | "website" | "store";
  default_value: string;
  is_visible: boolean;
  is_searchable: string;
  is_filterable: boolean;
  is_comparable: string;
  is_visible_on_front: string;
  is_html_allowed_on_front: boolean;
  used_for_sort_by: boolean;
  used_in_product_listing: string;
  is_used_in_grid: boolean;
  is_visible_in_grid: boolean;
  is_filterable_in_grid: boolean;
  is_wysiwyg_enabled: boolean;
  position: number;
  apply_to: string[];
  options: AttributeOption[];
  validation_rules: { key: string; value: string }[];
  source_model?: string;
  backend_model?: string;
  /** Static attributes are columns of the entity table (sku, created_at, …). */
  is_static: boolean;
};

export type AttributeSet = {
  attribute_set_id: number;
  attribute_set_name: string;
  sort_order: number;
  entity_type_id: number;
};

export type AttributeGroup = {
  attribute_group_id: number;
  attribute_group_name: string;
  attribute_set_id: number;
  sort_order: number;
  /** Attribute codes assigned to the group, in order. */
  attributes: string[];
};

/** Customer and customer-address attribute metadata (Magento\Customer\Api\Data\AttributeMetadataInterface). */
export type CustomerAttributeMetadata = {
  attribute_code: string;
  frontend_input: string;
  input_filter: string;
  store_label: string;
  validation_rules: { name: string; value: string }[];
  multiline_count: number;
  visible: boolean;
  required: boolean;
  data_model: string;
  options: { label: string; value: string }[];
  frontend_class: string;
  user_defined: boolean;
  sort_order: number;
  frontend_label: string;
  note: string;
  system: boolean;
  backend_type: string;
  is_used_in_grid: boolean;
  is_visible_in_grid: boolean;
  is_filterable_in_grid: boolean;
  is_searchable_in_grid: boolean;
  /** The forms that show the attribute (customer_form_attribute). */
  forms: string[];
};
