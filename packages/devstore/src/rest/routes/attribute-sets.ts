/**
 * Product attribute sets and groups (magento/magento2 app/code/Magento/Catalog/etc/webapi.xml, resource
 * Magento_Catalog::sets). The logic is shared with the Eav module (../eav/attribute-sets.ts).
 */
import { PRODUCT_ENTITY_TYPE_ID } from "../../data/seed-eav.ts";
import {
  assignAttribute,
  ATTRIBUTE_GROUP_SEARCH,
  ATTRIBUTE_SET_SEARCH,
  attributesOfSet,
  createSet,
  deleteGroup,
  deleteSet,
  renderGroup,
  requireSet,
  saveGroup,
  unassignAttribute,
  updateSet,
} from "../eav/attribute-sets.ts";
import type { RouteDef } from "../route.ts";
import type { SearchableEntity } from "../searchable.ts";
import type { AttributeGroup, AttributeSet } from "../../data/index.ts";
import { renderAttribute } from "./catalog-attributes.ts";
import { intParam, requireBody, requireObject, toInt, toStr } from "./input.ts";

const SETS = "Magento_Catalog::sets";

/** Catalog's AttributeSetRepository::getList adds `entity_type_id = 4` to the criteria. */
const PRODUCT_SET_SEARCH: SearchableEntity<AttributeSet> = {
  ...ATTRIBUTE_SET_SEARCH,
  name: "productAttributeSets",
  rows: (d) => [...d.attributeSets.values()].filter((s) => s.entity_type_id === PRODUCT_ENTITY_TYPE_ID),
};
const PRODUCT_GROUP_SEARCH: SearchableEntity<AttributeGroup> = {
  ...ATTRIBUTE_GROUP_SEARCH,
  name: "productAttributeGroups",
  rows: (d) =>
    [...d.attributeGroups.values()].filter(
      (g) => d.attributeSets.get(g.attribute_set_id)?.entity_type_id === PRODUCT_ENTITY_TYPE_ID,
    ),
};

const setBody = [
  { name: "attributeSet", type: "object" as const, required: true, description: "{attribute_set_name, sort_order}" },
];
const groupBody = [
  {
    name: "group",
    type: "object" as const,
    required: true,
    description: "{attribute_group_name, attribute_set_id, attribute_group_id (to rename)}",
  },
];

export const attributeSetRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/products/attribute-sets/sets/list",
    service: "catalogAttributeSetRepositoryV1",
    operation: "getList",
    aclResource: SETS,
    summary: "Product attribute sets matching the criteria",
    searchCriteria: true,
    returns: "{items: AttributeSet[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(PRODUCT_SET_SEARCH),
  },
  {
    method: "GET",
    path: "/V1/products/attribute-sets/:attributeSetId",
    service: "catalogAttributeSetRepositoryV1",
    operation: "get",
    aclResource: SETS,
    summary: "Retrieve a product attribute set",
    returns: "AttributeSet",
    handler: (ctx) => requireSet(ctx.data, intParam(ctx.params, "attributeSetId"), true),
  },
  {
    method: "POST",
    path: "/V1/products/attribute-sets",
    service: "catalogAttributeSetManagementV1",
    operation: "create",
    aclResource: SETS,
    summary: "Create a product attribute set from a skeleton set (its groups and attributes are copied)",
    body: [
      ...setBody,
      { name: "skeletonId", type: "integer", required: true, description: "The set to copy (4 = Default)" },
    ],
    returns: "AttributeSet",
    handler: (ctx) => {
      requireBody(ctx.body, ["attributeSet", "skeletonId"]);
      return createSet(ctx.data, PRODUCT_ENTITY_TYPE_ID, requireObject(ctx.body, "attributeSet"), ctx.body.skeletonId);
    },
  },
  {
    method: "PUT",
    path: "/V1/products/attribute-sets/:attributeSetId",
    service: "catalogAttributeSetRepositoryV1",
    operation: "save",
    aclResource: SETS,
    summary: "Rename or reorder a product attribute set",
    body: setBody,
    returns: "AttributeSet",
    handler: (ctx) =>
      updateSet(ctx.data, intParam(ctx.params, "attributeSetId"), requireObject(ctx.body, "attributeSet"), true),
  },
  {
    method: "DELETE",
    path: "/V1/products/attribute-sets/:attributeSetId",
    service: "catalogAttributeSetRepositoryV1",
    operation: "deleteById",
    aclResource: SETS,
    summary: "Delete a product attribute set (not the default one)",
    returns: "true",
    handler: (ctx) => deleteSet(ctx.data, intParam(ctx.params, "attributeSetId"), true),
  },
  {
    method: "GET",
    path: "/V1/products/attribute-sets/:attributeSetId/attributes",
    service: "catalogProductAttributeManagementV1",
    operation: "getAttributes",
    aclResource: SETS,
    summary: "Attributes assigned to a product attribute set",
    returns: "ProductAttribute[]",
    handler: (ctx) =>
      attributesOfSet(ctx.data, intParam(ctx.params, "attributeSetId")).flatMap((code) => {
        const a = ctx.data.productAttributes.get(code);
        return a ? [renderAttribute(a)] : [];
      }),
  },
  {
    method: "POST",
    path: "/V1/products/attribute-sets/attributes",
    service: "catalogProductAttributeManagementV1",
    operation: "assign",
    aclResource: SETS,
    summary: "Assign an attribute to a set's group; answers the attribute id",
    body: [
      { name: "attributeSetId", type: "integer", required: true, description: "Set" },
      { name: "attributeGroupId", type: "integer", required: true, description: "Group of that set" },
      { name: "attributeCode", type: "string", required: true, description: "Attribute" },
      { name: "sortOrder", type: "integer", required: true, description: "Position in the group" },
    ],
    returns: "integer",
    handler: (ctx) => {
      requireBody(ctx.body, ["attributeSetId", "attributeGroupId", "attributeCode", "sortOrder"]);
      return assignAttribute(
        ctx.data,
        toInt(ctx.body.attributeSetId),
        toInt(ctx.body.attributeGroupId),
        toStr(ctx.body.attributeCode),
        toInt(ctx.body.sortOrder),
      );
    },
  },
  {
    method: "DELETE",
    path: "/V1/products/attribute-sets/:attributeSetId/attributes/:attributeCode",
    service: "catalogProductAttributeManagementV1",
    operation: "unassign",
    aclResource: SETS,
    summary: "Remove a user-defined attribute from a set",
    returns: "true",
    handler: (ctx) =>
      unassignAttribute(ctx.data, intParam(ctx.params, "attributeSetId"), ctx.params.attributeCode ?? ""),
  },
  {
    method: "GET",
    path: "/V1/products/attribute-sets/groups/list",
    service: "catalogProductAttributeGroupRepositoryV1",
    operation: "getList",
    aclResource: SETS,
    summary: "Attribute groups matching the criteria",
    searchCriteria: true,
    returns: "{items: AttributeGroup[], search_criteria, total_count}",
    handler: (ctx) => {
      const r = ctx.search(PRODUCT_GROUP_SEARCH);
      return { ...r, items: r.items.map(renderGroup) };
    },
  },
  {
    method: "POST",
    path: "/V1/products/attribute-sets/groups",
    service: "catalogProductAttributeGroupRepositoryV1",
    operation: "save",
    aclResource: SETS,
    summary: "Create an attribute group in a set",
    body: groupBody,
    returns: "AttributeGroup",
    handler: (ctx) => renderGroup(saveGroup(ctx.data, requireObject(ctx.body, "group"))),
  },
  {
    method: "PUT",
    path: "/V1/products/attribute-sets/:attributeSetId/groups",
    service: "catalogProductAttributeGroupRepositoryV1",
    operation: "save",
    aclResource: SETS,
    summary: "Create or rename an attribute group of the set in the path",
    body: groupBody,
    returns: "AttributeGroup",
    handler: (ctx) =>
      renderGroup(saveGroup(ctx.data, requireObject(ctx.body, "group"), intParam(ctx.params, "attributeSetId"))),
  },
  {
    method: "DELETE",
    path: "/V1/products/attribute-sets/groups/:groupId",
    service: "catalogProductAttributeGroupRepositoryV1",
    operation: "deleteById",
    aclResource: SETS,
    summary: "Delete an attribute group without system attributes",
    returns: "true",
    handler: (ctx) => deleteGroup(ctx.data, intParam(ctx.params, "groupId")),
  },
];
