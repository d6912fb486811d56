/**
 * Attribute sets and groups, shared by Magento_Eav's `/V1/eav/attribute-sets` and Magento_Catalog's
 * `/V1/products/attribute-sets` (which adds the product entity type to every lookup and search).
 * Behaviour of magento/magento2 app/code/Magento/Eav/Model/AttributeSetRepository.php, AttributeSetManagement.php
 * and AttributeManagement.php.
 */
import type { AttributeGroup, AttributeSet, StoreData } from "../../data/index.ts";
import { CATEGORY_ENTITY_TYPE_ID, PRODUCT_ENTITY_TYPE_ID } from "../../data/seed-eav.ts";
import { badRequest, invalidFieldValue, noSuchEntityField, notFound, requiredField } from "../errors.ts";
import { optional, rejectUnknownKeys, toInt, toStr } from "../routes/input.ts";
import { columns, type SearchableEntity } from "../searchable.ts";
import { readRecordField } from "../search-criteria.ts";

export const ENTITY_TYPE_CODES: Record<string, number> = {
  customer: 1,
  customer_address: 2,
  catalog_category: CATEGORY_ENTITY_TYPE_ID,
  catalog_product: PRODUCT_ENTITY_TYPE_ID,
  order: 5,
  invoice: 6,
  creditmemo: 7,
  shipment: 8,
};

const SET_KEYS = new Set([
  "attribute_set_id",
  "attribute_set_name",
  "sort_order",
  "entity_type_id",
  "extension_attributes",
]);
const SET_CLASS = "Magento\\Eav\\Api\\Data\\AttributeSetInterface";

export const ATTRIBUTE_SET_SEARCH: SearchableEntity<AttributeSet> = {
  name: "attributeSets",
  storage: "flat",
  table: "eav_attribute_set",
  rows: (d) => d.attributeSets.values(),
  fields: () => columns(["attribute_set_id", "attribute_set_name", "sort_order", "entity_type_id"]),
  read: (s, f) => readRecordField(s, f),
};

export const ATTRIBUTE_GROUP_SEARCH: SearchableEntity<AttributeGroup> = {
  name: "attributeGroups",
  storage: "flat",
  table: "eav_attribute_group",
  rows: (d) => d.attributeGroups.values(),
  fields: () =>
    columns(["attribute_group_id", "attribute_group_name", "attribute_set_id", "sort_order", "attribute_group_code"]),
  read: (g, f) => readRecordField(g, f),
};

/** AttributeSetRepository::get; `productOnly` adds Catalog's check that the set belongs to products. */
export function requireSet(data: StoreData, id: number, productOnly = false): AttributeSet {
  const s = data.attributeSets.get(id);
  if (!s) throw noSuchEntityField("id", id);
  if (productOnly && s.entity_type_id !== PRODUCT_ENTITY_TYPE_ID)
    throw badRequest("Provided Attribute set non product Attribute set.");
  return s;
}

export function renderGroup(g: AttributeGroup): Record<string, unknown> {
  const { attributes: _a, ...rest } = g;
  return {
    ...rest,
    extension_attributes: { attribute_group_code: g.attribute_group_name.toLowerCase().replace(/[^a-z0-9]+/g, "-") },
  };
}

function applySetInput(s: AttributeSet, input: Record<string, unknown>): void {
  rejectUnknownKeys(input, SET_KEYS, SET_CLASS);
  const name = optional(input, "attribute_set_name", toStr);
  if (name !== undefined) s.attribute_set_name = name;
  const sort = optional(input, "sort_order", toInt);
  if (sort !== undefined) s.sort_order = sort;
}

function checkUniqueName(data: StoreData, s: AttributeSet): void {
  if (s.attribute_set_name.trim() === "") throw requiredField("attribute_set_name");
  for (const other of data.attributeSets.values()) {
    if (
      other.attribute_set_id !== s.attribute_set_id &&
      other.entity_type_id === s.entity_type_id &&
      other.attribute_set_name === s.attribute_set_name
    ) {
      throw badRequest('An attribute set named "%1" already exists.', [s.attribute_set_name]);
    }
  }
}

/** AttributeSetManagement::create: a new set copies the groups (and attributes) of its skeleton set. */
export function createSet(
  data: StoreData,
  entityTypeId: number,
  input: Record<string, unknown>,
  skeletonId: unknown,
): AttributeSet {
  if (skeletonId === undefined || skeletonId === null) throw requiredField("skeletonId");
  const skeleton = data.attributeSets.get(toInt(skeletonId));
  if (!skeleton || skeleton.entity_type_id !== entityTypeId) throw invalidFieldValue("skeletonId", skeletonId);
  if (input.attribute_set_id !== undefined && input.attribute_set_id !== null)
    throw badRequest('Invalid value of "%value" provided for the %fieldName field.', {
      fieldName: "id",
      value: input.attribute_set_id,
    });
  const s: AttributeSet = {
    attribute_set_id: data.nextId("attributeSet"),
    attribute_set_name: "",
    sort_order: 0,
    entity_type_id: entityTypeId,
  };
  applySetInput(s, input);
  checkUniqueName(data, s);
  data.attributeSets.set(s.attribute_set_id, s);
  for (const g of [...data.attributeGroups.values()].filter((x) => x.attribute_set_id === skeleton.attribute_set_id)) {
    const copy: AttributeGroup = {
      ...g,
      attribute_group_id: data.nextId("attributeGroup"),
      attribute_set_id: s.attribute_set_id,
      attributes: [...g.attributes],
    };
    data.attributeGroups.set(copy.attribute_group_id, copy);
  }
  return s;
}

export function updateSet(
  data: StoreData,
  id: number,
  input: Record<string, unknown>,
  productOnly: boolean,
): AttributeSet {
  const s = requireSet(data, id, productOnly);
  const { attribute_set_id: _id, entity_type_id: _t, ...rest } = input;
  applySetInput(s, rest);
  checkUniqueName(data, s);
  return s;
}

/** AttributeSetRepository::delete: the entity type's default set stays. */
export function deleteSet(data: StoreData, id: number, productOnly: boolean): true {
  const s = requireSet(data, id, productOnly);
  const isDefault =
    [...data.attributeSets.values()]
      .filter((x) => x.entity_type_id === s.entity_type_id)
      .sort((a, b) => a.attribute_set_id - b.attribute_set_id)[0] === s;
  if (isDefault) throw badRequest("The default attribute set can't be deleted.");
  data.attributeSets.delete(id);
  for (const g of [...data.attributeGroups.values()])
    if (g.attribute_set_id === id) data.attributeGroups.delete(g.attribute_group_id);
  return true;
}

/** The attributes assigned to a set (ProductAttributeManagement::getAttributes), in group order. */
export function attributesOfSet(data: StoreData, setId: number): string[] {
  requireSet(data, setId, true);
  const groups = [...data.attributeGroups.values()]
    .filter((g) => g.attribute_set_id === setId)
    .sort((a, b) => a.sort_order - b.sort_order);
  return [...new Set(groups.flatMap((g) => g.attributes))];
}

export function requireGroup(data: StoreData, id: number): AttributeGroup {
  const g = data.attributeGroups.get(id);
  if (!g) throw notFound('The group with the "%1" ID doesn\'t exist. Verify the ID and try again.', [id]);
  return g;
}

/** AttributeManagement::assign: answers the attribute id. */
export function assignAttribute(
  data: StoreData,
  setId: number,
  groupId: number,
  code: string,
  sortOrder: number,
): number {
  const set = data.attributeSets.get(setId);
  if (!set)
    throw notFound('The AttributeSet with a "%1" ID doesn\'t exist. Verify the attributeSet and try again.', [setId]);
  const group = data.attributeGroups.get(groupId);
  if (!group || group.attribute_set_id !== setId)
    throw badRequest("The attribute group doesn't belong to the attribute set.");
  const attribute = data.productAttributes.get(code);
  if (!attribute)
    throw notFound('The attribute with a "%1" attributeCode doesn\'t exist. Verify the attribute and try again.', [
      code,
    ]);
  for (const g of data.attributeGroups.values())
    if (g.attribute_set_id === setId) g.attributes = g.attributes.filter((c) => c !== code);
  group.attributes.splice(Math.max(0, Math.min(sortOrder, group.attributes.length)), 0, code);
  return attribute.attribute_id;
}

export function unassignAttribute(data: StoreData, setId: number, code: string): true {
  requireSet(data, setId, true);
  const attribute = data.productAttributes.get(code);
  const groups = [...data.attributeGroups.values()].filter(
    (g) => g.attribute_set_id === setId && g.attributes.includes(code),
  );
  if (!attribute || groups.length === 0)
    throw notFound('The "%1" attribute wasn\'t found in the "%2" attribute set. Enter the attribute and try again.', [
      code,
      setId,
    ]);
  if (!attribute.is_user_defined) throw badRequest("The system attribute can't be deleted.");
  for (const g of groups) g.attributes = g.attributes.filter((c) => c !== code);
  return true;
}

const GROUP_KEYS = new Set(["attribute_group_id", "attribute_group_name", "attribute_set_id", "extension_attributes"]);

/** ProductAttributeGroupRepository::save (create, or rename when attribute_group_id names an existing group). */
export function saveGroup(data: StoreData, input: Record<string, unknown>, setIdFromPath?: number): AttributeGroup {
  rejectUnknownKeys(input, GROUP_KEYS, "Magento\\Eav\\Api\\Data\\AttributeGroupInterface");
  const setId = setIdFromPath ?? optional(input, "attribute_set_id", toInt);
  if (setId === undefined) throw requiredField("attribute_set_id");
  requireSet(data, setId, true);
  const name = optional(input, "attribute_group_name", toStr);
  const id = optional(input, "attribute_group_id", toInt);
  if (id !== undefined) {
    const g = requireGroup(data, id);
    if (g.attribute_set_id !== setId)
      throw badRequest("The attribute group doesn't belong to the provided attribute set.");
    if (name !== undefined) g.attribute_group_name = name;
    return g;
  }
  if (!name) throw requiredField("attribute_group_name");
  if ([...data.attributeGroups.values()].some((g) => g.attribute_set_id === setId && g.attribute_group_name === name)) {
    throw badRequest("The attributeGroup can't be saved.");
  }
  const sort =
    Math.max(
      0,
      ...[...data.attributeGroups.values()].filter((g) => g.attribute_set_id === setId).map((g) => g.sort_order),
    ) + 1;
  const g: AttributeGroup = {
    attribute_group_id: data.nextId("attributeGroup"),
    attribute_group_name: name,
    attribute_set_id: setId,
    sort_order: sort,
    attributes: [],
  };
  data.attributeGroups.set(g.attribute_group_id, g);
  return g;
}

/** Catalog's group repository refuses to delete a group holding system attributes. */
export function deleteGroup(data: StoreData, id: number): true {
  const g = requireGroup(data, id);
  if (g.attributes.some((code) => data.productAttributes.get(code)?.is_user_defined === false)) {
    throw badRequest("The attribute group can't be deleted because it contains system attributes.");
  }
  data.attributeGroups.delete(id);
  return true;
}
