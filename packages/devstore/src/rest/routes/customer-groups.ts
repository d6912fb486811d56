/**
 * Customer groups (magento/magento2 app/code/Magento/Customer/etc/webapi.xml, resource Magento_Customer::group;
 * behaviour of Customer/Model/ResourceModel/GroupRepository.php, GroupManagement.php, Api/CustomerGroupConfig.php).
 * Group 0 (NOT LOGGED IN) and each store's default group are read-only.
 */
import { STORE_VIEWS, type CustomerGroup, type StoreData } from "../../data/index.ts";
import { badRequest, invalidFieldValue, noSuchEntityField, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { columns, type SearchableEntity } from "../searchable.ts";
import { readRecordField } from "../search-criteria.ts";
import { intParam, optional, rejectUnknownKeys, requireObject, toInt, toStr } from "./input.ts";

const GROUPS = "Magento_Customer::group";
const GROUP_KEYS = new Set(["id", "code", "tax_class_id", "tax_class_name", "extension_attributes"]);

/** GroupRepository::getList translates the API's names to customer_group columns. */
const GROUP_SEARCH: SearchableEntity<CustomerGroup> = {
  name: "customerGroups",
  storage: "flat",
  table: "customer_group",
  rows: (d) => d.customerGroups.values(),
  fields: () =>
    columns(["id", "code", "tax_class_id", "tax_class_name", "customer_group_id", "customer_group_code", "class_name"]),
  read: (g, f) =>
    f === "customer_group_id"
      ? g.id
      : f === "customer_group_code"
        ? g.code
        : f === "class_name"
          ? g.tax_class_name
          : readRecordField(g, f),
};

export function requireGroup(data: StoreData, id: number): CustomerGroup {
  const g = data.customerGroups.get(id);
  if (!g) throw noSuchEntityField("id", id);
  return g;
}

export function defaultGroupId(data: StoreData, storeId: number): number {
  return data.defaultCustomerGroup.get(storeId) ?? data.defaultCustomerGroup.get(0) ?? 1;
}

function isReadonly(data: StoreData, id: number): boolean {
  return id === 0 || STORE_VIEWS.some((s) => defaultGroupId(data, s.id) === id);
}

function saveGroup(ctx: RouteContext, input: Record<string, unknown>, existing?: CustomerGroup): CustomerGroup {
  rejectUnknownKeys(input, GROUP_KEYS, "Magento\\Customer\\Api\\Data\\GroupInterface");
  const code = optional(input, "code", toStr) ?? existing?.code;
  if (!code || code.trim() === "") throw requiredField("code");
  if (code.length > 32)
    throw badRequest("The length of the group code must be less than or equal to %1 characters.", [32]);
  if ([...ctx.data.customerGroups.values()].some((g) => g !== existing && g.code.toLowerCase() === code.toLowerCase()))
    throw badRequest("Customer Group already exists.");
  const taxClassId = optional(input, "tax_class_id", toInt) ?? existing?.tax_class_id ?? 3;
  const taxClass = ctx.data.taxClasses.get(taxClassId);
  if (!taxClass || taxClass.class_type !== "CUSTOMER") throw invalidFieldValue("taxClassId", taxClassId);
  const g: CustomerGroup = {
    id: existing?.id ?? ctx.data.nextId("customerGroup"),
    code,
    tax_class_id: taxClassId,
    tax_class_name: taxClass.class_name,
  };
  ctx.data.customerGroups.set(g.id, g);
  return g;
}

const groupBody = [{ name: "group", type: "object" as const, required: true, description: "{code, tax_class_id}" }];

export const customerGroupRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/customerGroups/:id",
    service: "customerGroupRepositoryV1",
    operation: "getById",
    aclResource: GROUPS,
    summary: "A customer group",
    returns: "Group",
    handler: (ctx) => requireGroup(ctx.data, intParam(ctx.params, "id")),
  },
  {
    method: "GET",
    path: "/V1/customerGroups/default",
    service: "customerGroupManagementV1",
    operation: "getDefaultGroup",
    aclResource: GROUPS,
    summary: "The default group of the current store",
    returns: "Group",
    handler: (ctx) => requireGroup(ctx.data, defaultGroupId(ctx.data, ctx.store.id || 1)),
  },
  {
    method: "GET",
    path: "/V1/customerGroups/default/:storeId",
    service: "customerGroupManagementV1",
    operation: "getDefaultGroup",
    operationIdSuffix: "ByStore",
    aclResource: GROUPS,
    summary: "The default group of a store",
    returns: "Group",
    handler: (ctx) => {
      const storeId = intParam(ctx.params, "storeId");
      if (!STORE_VIEWS.some((s) => s.id === storeId)) throw noSuchEntityField("storeId", storeId);
      return requireGroup(ctx.data, defaultGroupId(ctx.data, storeId));
    },
  },
  {
    method: "PUT",
    path: "/V1/customerGroups/default/:id",
    service: "customerCustomerGroupConfigV1",
    operation: "setDefaultCustomerGroup",
    aclResource: GROUPS,
    summary: "Make a group the default for new accounts; answers its id",
    returns: "integer",
    handler: (ctx) => {
      const g = requireGroup(ctx.data, intParam(ctx.params, "id"));
      if (g.id === 0) throw badRequest("The NOT LOGGED IN group can't be the default group.");
      ctx.data.defaultCustomerGroup.set(0, g.id);
      return g.id;
    },
  },
  {
    method: "GET",
    path: "/V1/customerGroups/:id/permissions",
    service: "customerGroupManagementV1",
    operation: "isReadonly",
    aclResource: GROUPS,
    summary: "Whether a group is read-only (NOT LOGGED IN or a store's default)",
    returns: "boolean",
    handler: (ctx) => isReadonly(ctx.data, requireGroup(ctx.data, intParam(ctx.params, "id")).id),
  },
  {
    method: "GET",
    path: "/V1/customerGroups/search",
    service: "customerGroupRepositoryV1",
    operation: "getList",
    aclResource: GROUPS,
    summary: "Customer groups matching the criteria",
    searchCriteria: true,
    returns: "{items: Group[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(GROUP_SEARCH),
  },
  {
    method: "POST",
    path: "/V1/customerGroups",
    service: "customerGroupRepositoryV1",
    operation: "save",
    aclResource: GROUPS,
    summary: "Create a customer group",
    body: groupBody,
    returns: "Group",
    handler: (ctx) => {
      const { id: _id, ...rest } = requireObject(ctx.body, "group");
      return saveGroup(ctx, rest);
    },
  },
  {
    method: "PUT",
    path: "/V1/customerGroups/:id",
    service: "customerGroupRepositoryV1",
    operation: "save",
    aclResource: GROUPS,
    summary: "Change a customer group",
    body: groupBody,
    returns: "Group",
    handler: (ctx) => {
      const existing = requireGroup(ctx.data, intParam(ctx.params, "id"));
      const { id: _id, ...rest } = requireObject(ctx.body, "group");
      if (existing.id === 0 && rest.code !== undefined && rest.code !== existing.code)
        throw badRequest("The NOT LOGGED IN group's code can't be changed.");
      return saveGroup(ctx, rest, existing);
    },
  },
  {
    method: "DELETE",
    path: "/V1/customerGroups/:id",
    service: "customerGroupRepositoryV1",
    operation: "deleteById",
    aclResource: GROUPS,
    summary: "Delete a customer group (its customers move to the default group)",
    returns: "boolean",
    handler: (ctx) => {
      const g = requireGroup(ctx.data, intParam(ctx.params, "id"));
      if (isReadonly(ctx.data, g.id)) throw badRequest("Cannot delete group.");
      ctx.data.customerGroups.delete(g.id);
      const fallback = defaultGroupId(ctx.data, 1);
      for (const c of ctx.data.customers.values()) if (c.group_id === g.id) c.group_id = fallback;
      return true;
    },
  },
];
