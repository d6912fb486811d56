/**
 * Attribute sets of any entity type (magento/magento2 app/code/Magento/Eav/etc/webapi.xml, resource
 * Magento_Catalog::sets).
 */
import {
  ATTRIBUTE_SET_SEARCH,
  createSet,
  deleteSet,
  ENTITY_TYPE_CODES,
  requireSet,
  updateSet,
} from "../eav/attribute-sets.ts";
import { invalidFieldValue } from "../errors.ts";
import type { RouteDef } from "../route.ts";
import { intParam, requireBody, requireObject, toStr } from "./input.ts";

const SETS = "Magento_Catalog::sets";

export const eavRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/eav/attribute-sets/list",
    service: "eavAttributeSetRepositoryV1",
    operation: "getList",
    aclResource: SETS,
    summary: "Attribute sets of every entity type matching the criteria",
    searchCriteria: true,
    returns: "{items: AttributeSet[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(ATTRIBUTE_SET_SEARCH),
  },
  {
    method: "GET",
    path: "/V1/eav/attribute-sets/:attributeSetId",
    service: "eavAttributeSetRepositoryV1",
    operation: "get",
    aclResource: SETS,
    summary: "Retrieve an attribute set",
    returns: "AttributeSet",
    handler: (ctx) => requireSet(ctx.data, intParam(ctx.params, "attributeSetId")),
  },
  {
    method: "POST",
    path: "/V1/eav/attribute-sets",
    service: "eavAttributeSetManagementV1",
    operation: "create",
    aclResource: SETS,
    summary: "Create an attribute set for an entity type from a skeleton set",
    body: [
      {
        name: "entityTypeCode",
        type: "string",
        required: true,
        description: "catalog_product, catalog_category, customer, customer_address, …",
      },
      { name: "attributeSet", type: "object", required: true, description: "{attribute_set_name, sort_order}" },
      { name: "skeletonId", type: "integer", required: true, description: "The set to copy" },
    ],
    returns: "AttributeSet",
    handler: (ctx) => {
      requireBody(ctx.body, ["entityTypeCode", "attributeSet", "skeletonId"]);
      const code = toStr(ctx.body.entityTypeCode);
      const typeId = ENTITY_TYPE_CODES[code];
      if (typeId === undefined) throw invalidFieldValue("entityTypeCode", code);
      return createSet(ctx.data, typeId, requireObject(ctx.body, "attributeSet"), ctx.body.skeletonId);
    },
  },
  {
    method: "PUT",
    path: "/V1/eav/attribute-sets/:attributeSetId",
    service: "eavAttributeSetRepositoryV1",
    operation: "save",
    aclResource: SETS,
    summary: "Rename or reorder an attribute set",
    body: [{ name: "attributeSet", type: "object", required: true, description: "{attribute_set_name, sort_order}" }],
    returns: "AttributeSet",
    handler: (ctx) =>
      updateSet(ctx.data, intParam(ctx.params, "attributeSetId"), requireObject(ctx.body, "attributeSet"), false),
  },
  {
    method: "DELETE",
    path: "/V1/eav/attribute-sets/:attributeSetId",
    service: "eavAttributeSetRepositoryV1",
    operation: "deleteById",
    aclResource: SETS,
    summary: "Delete an attribute set (not an entity type's default one)",
    returns: "true",
    handler: (ctx) => deleteSet(ctx.data, intParam(ctx.params, "attributeSetId"), false),
  },
];
