import type { Category, StoreData } from "../../data/index.ts";
import { badRequest, noSuchEntityField, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import type { SearchableEntity } from "../searchable.ts";
import { readRecordField } from "../search-criteria.ts";
import { intParam, nowText, rejectUnknownKeys, requireObject, toBool, toInt, toStr } from "./input.ts";
import { requireProduct, syncCategoryIds } from "./products.ts";

const CATEGORIES = "Magento_Catalog::categories";
const CATEGORY_KEYS = new Set([
  "id",
  "parent_id",
  "name",
  "is_active",
  "position",
  "level",
  "children",
  "created_at",
  "updated_at",
  "path",
  "available_sort_by",
  "include_in_menu",
  "extension_attributes",
  "custom_attributes",
]);
const CATEGORY_CLASS = "Magento\\Catalog\\Api\\Data\\CategoryInterface";

function requireCategory(data: StoreData, id: number, fieldName = "id"): Category {
  const c = data.categories.get(id);
  if (!c) throw noSuchEntityField(fieldName, id);
  return c;
}

function childrenOf(data: StoreData, id: number): Category[] {
  const out: Category[] = [];
  for (const c of data.categories.values()) if (c.parent_id === id) out.push(c);
  return out.sort((a, b) => a.position - b.position || a.id - b.id);
}

/** Category as the repository renders it: `children` is a comma-separated id list. */
function render(data: StoreData, c: Category): Record<string, unknown> {
  const { custom_attributes, ...rest } = c;
  return {
    ...rest,
    children: childrenOf(data, c.id)
      .map((x) => x.id)
      .join(","),
    custom_attributes,
  };
}

interface TreeNode {
  id: number;
  parent_id: number;
  name: string;
  is_active: boolean;
  position: number;
  level: number;
  product_count: number;
  children_data: TreeNode[];
}

function tree(data: StoreData, c: Category, depth: number | undefined, counts: Map<string, number>): TreeNode {
  return {
    id: c.id,
    parent_id: c.parent_id,
    name: c.name,
    is_active: c.is_active,
    position: c.position,
    level: c.level,
    product_count: counts.get(String(c.id)) ?? 0,
    children_data:
      depth === undefined || depth > 0
        ? childrenOf(data, c.id).map((k) => tree(data, k, depth === undefined ? undefined : depth - 1, counts))
        : [],
  };
}

function isDescendant(data: StoreData, id: number, ancestorId: number): boolean {
  for (let c = data.categories.get(id); c; c = data.categories.get(c.parent_id)) if (c.id === ancestorId) return true;
  return false;
}

/** Re-derive path and level below a moved category. */
function relocate(data: StoreData, c: Category): void {
  const parent = data.categories.get(c.parent_id);
  c.level = parent ? parent.level + 1 : 0;
  c.path = parent ? `${parent.path}/${c.id}` : String(c.id);
  for (const k of childrenOf(data, c.id)) relocate(data, k);
}

/** Put `c` under `parentId` right after `afterId` (0 = first; null = last) and renumber positions. */
function placeUnder(data: StoreData, c: Category, parentId: number, afterId: number | null): void {
  const siblings = childrenOf(data, parentId).filter((s) => s.id !== c.id);
  let index = siblings.length;
  if (afterId === 0) index = 0;
  else if (afterId !== null) {
    const at = siblings.findIndex((s) => s.id === afterId);
    index = at === -1 ? siblings.length : at + 1;
  }
  siblings.splice(index, 0, c);
  c.parent_id = parentId;
  siblings.forEach((s, i) => (s.position = i + 1));
  relocate(data, c);
}

function applyCategoryInput(c: Category, input: Record<string, unknown>): void {
  rejectUnknownKeys(input, CATEGORY_KEYS, CATEGORY_CLASS);
  if (input.name !== undefined) c.name = toStr(input.name);
  if (input.is_active !== undefined) c.is_active = toBool(input.is_active);
  if (input.include_in_menu !== undefined) c.include_in_menu = toBool(input.include_in_menu);
  if (Array.isArray(input.available_sort_by)) c.available_sort_by = input.available_sort_by.map(toStr);
  if (Array.isArray(input.custom_attributes)) {
    for (const raw of input.custom_attributes as Record<string, unknown>[]) {
      const code = toStr(raw.attribute_code);
      const existing = c.custom_attributes.find((a) => a.attribute_code === code);
      if (existing) existing.value = raw.value;
      else c.custom_attributes.push({ attribute_code: code, value: raw.value });
    }
  }
}

function saveCategory(
  ctx: RouteContext,
  id: number | undefined,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const { data } = ctx;
  if (id !== undefined) {
    const c = requireCategory(data, id);
    applyCategoryInput(c, input);
    if (input.parent_id !== undefined && toInt(input.parent_id) !== c.parent_id) {
      const parentId = toInt(input.parent_id);
      requireCategory(data, parentId);
      if (isDescendant(data, parentId, c.id))
        throw badRequest("Operation do not allow to move a parent category to any of children category");
      placeUnder(data, c, parentId, null);
    }
    c.updated_at = nowText(ctx.now);
    return render(data, c);
  }
  if (input.name === undefined || input.name === "") throw requiredField("name");
  const parentId = input.parent_id === undefined ? 2 : toInt(input.parent_id);
  const parent = requireCategory(data, parentId);
  const now = nowText(ctx.now);
  const newId = data.nextId("category");
  const c: Category = {
    id: newId,
    parent_id: parentId,
    name: "",
    is_active: false,
    position: 0,
    level: parent.level + 1,
    path: `${parent.path}/${newId}`,
    created_at: now,
    updated_at: now,
    include_in_menu: true,
    available_sort_by: [],
    custom_attributes: [
      {
        attribute_code: "url_key",
        value: toStr(input.name)
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-"),
      },
    ],
  };
  applyCategoryInput(c, input);
  data.categories.set(c.id, c);
  placeUnder(data, c, parentId, null);
  return render(data, c);
}

/** catalog_category_entity (EAV): its static columns and every category attribute. */
const CATEGORY_SEARCH: SearchableEntity<Category> = {
  name: "categories",
  storage: "eav",
  table: "catalog_category_entity",
  rows: (d) => d.categories.values(),
  fields: (d) => new Set(["entity_id", "attribute_set_id", ...d.categoryAttributes.keys()]),
  read: (c, f) => (f === "entity_id" ? c.id : readRecordField(c, f)),
};

const categoryBody = [
  {
    name: "category",
    type: "object" as const,
    required: true,
    description: "name, is_active, parent_id, include_in_menu, custom_attributes[]",
  },
];

export const categoryRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/categories",
    service: "catalogCategoryManagementV1",
    operation: "getTree",
    aclResource: CATEGORIES,
    summary: "Category tree from rootCategoryId (default: the store's root category), depth levels deep",
    query: [
      { name: "rootCategoryId", type: "integer", description: "Root of the returned tree" },
      { name: "depth", type: "integer", description: "Levels of children to include" },
    ],
    returns: "CategoryTree {id, parent_id, name, is_active, position, level, product_count, children_data[]}",
    handler: (ctx) => {
      const rawRoot = ctx.query.rootCategoryId;
      const rawDepth = ctx.query.depth;
      const rootId = rawRoot === undefined || rawRoot === "" ? 2 : toInt(rawRoot);
      const depth = rawDepth === undefined || rawDepth === "" ? undefined : toInt(rawDepth);
      const root = requireCategory(ctx.data, rootId);
      const counts = new Map<string, number>();
      for (const p of ctx.data.productsById.values())
        for (const l of p.extension_attributes.category_links)
          counts.set(l.category_id, (counts.get(l.category_id) ?? 0) + 1);
      return tree(ctx.data, root, depth, counts);
    },
  },
  {
    method: "GET",
    path: "/V1/categories/list",
    service: "catalogCategoryListV1",
    operation: "getList",
    aclResource: CATEGORIES,
    summary: "Get category list",
    searchCriteria: true,
    returns: "{items: Category[], search_criteria, total_count}",
    handler: (ctx) => {
      const result = ctx.search(CATEGORY_SEARCH);
      return { ...result, items: result.items.map((c) => render(ctx.data, c)) };
    },
  },
  {
    method: "POST",
    path: "/V1/categories",
    service: "catalogCategoryRepositoryV1",
    operation: "save",
    aclResource: CATEGORIES,
    summary: "Create a category",
    body: categoryBody,
    returns: "Category",
    handler: (ctx) => {
      const input = requireObject(ctx.body, "category");
      return saveCategory(ctx, input.id === undefined ? undefined : toInt(input.id), input);
    },
  },
  {
    method: "GET",
    path: "/V1/categories/:categoryId",
    service: "catalogCategoryRepositoryV1",
    operation: "get",
    aclResource: CATEGORIES,
    summary: "Get info about category by category id",
    returns: "Category",
    handler: (ctx) => render(ctx.data, requireCategory(ctx.data, intParam(ctx.params, "categoryId"))),
  },
  {
    method: "PUT",
    path: "/V1/categories/:id",
    service: "catalogCategoryRepositoryV1",
    operation: "save",
    aclResource: CATEGORIES,
    summary: "Update a category (merges the given fields)",
    body: categoryBody,
    returns: "Category",
    handler: (ctx) => saveCategory(ctx, intParam(ctx.params, "id"), requireObject(ctx.body, "category")),
  },
  {
    method: "DELETE",
    path: "/V1/categories/:categoryId",
    service: "catalogCategoryRepositoryV1",
    operation: "deleteByIdentifier",
    aclResource: CATEGORIES,
    summary: "Delete a category and its subcategories",
    returns: "true",
    handler: (ctx) => {
      const id = intParam(ctx.params, "categoryId");
      const c = requireCategory(ctx.data, id);
      // Root categories (Root Catalog, a store's root) cannot be deleted.
      if (c.level <= 1) throw badRequest("Cannot delete category with id %1", [id]);
      const doomed = [...ctx.data.categories.values()]
        .filter((x) => isDescendant(ctx.data, x.id, id))
        .map((x) => String(x.id));
      for (const d of doomed) ctx.data.categories.delete(Number(d));
      for (const p of ctx.data.productsById.values()) {
        const before = p.extension_attributes.category_links.length;
        p.extension_attributes.category_links = p.extension_attributes.category_links.filter(
          (l) => !doomed.includes(l.category_id),
        );
        if (p.extension_attributes.category_links.length !== before) syncCategoryIds(p);
      }
      const parent = ctx.data.categories.get(c.parent_id);
      if (parent) childrenOf(ctx.data, parent.id).forEach((s, i) => (s.position = i + 1));
      return true;
    },
  },
  {
    method: "PUT",
    path: "/V1/categories/:categoryId/move",
    service: "catalogCategoryManagementV1",
    operation: "move",
    aclResource: CATEGORIES,
    summary: "Move a category under parentId, after afterId (absent: last; 0: first)",
    body: [
      { name: "parentId", type: "integer", required: true, description: "New parent category id" },
      { name: "afterId", type: "integer", description: "Sibling to place it after" },
    ],
    returns: "true",
    handler: (ctx) => {
      const id = intParam(ctx.params, "categoryId");
      const c = requireCategory(ctx.data, id);
      if (ctx.body.parentId === undefined) throw requiredField("parentId");
      const parentId = toInt(ctx.body.parentId);
      requireCategory(ctx.data, parentId);
      if (isDescendant(ctx.data, parentId, id))
        throw badRequest("Operation do not allow to move a parent category to any of children category");
      const afterId = ctx.body.afterId === undefined || ctx.body.afterId === null ? null : toInt(ctx.body.afterId);
      placeUnder(ctx.data, c, parentId, afterId);
      c.updated_at = nowText(ctx.now);
      return true;
    },
  },
  {
    method: "GET",
    path: "/V1/categories/:categoryId/products",
    service: "catalogCategoryLinkManagementV1",
    operation: "getAssignedProducts",
    aclResource: CATEGORIES,
    summary: "Products assigned to a category",
    returns: "{sku, position, category_id}[]",
    handler: (ctx) => {
      const id = intParam(ctx.params, "categoryId");
      requireCategory(ctx.data, id);
      const key = String(id);
      const out: { sku: string; position: number; category_id: string }[] = [];
      for (const p of ctx.data.productsById.values()) {
        const link = p.extension_attributes.category_links.find((l) => l.category_id === key);
        if (link) out.push({ sku: p.sku, position: link.position, category_id: key });
      }
      return out;
    },
  },
  ...(["POST", "PUT"] as const).map((method): RouteDef => ({
    method,
    path: "/V1/categories/:categoryId/products",
    service: "catalogCategoryLinkRepositoryV1",
    operation: "save",
    aclResource: CATEGORIES,
    summary: "Assign a product to a category (or change its position)",
    body: [{ name: "productLink", type: "object", required: true, description: "{sku, position, category_id}" }],
    returns: "true",
    handler: (ctx) => {
      const id = intParam(ctx.params, "categoryId");
      const link = requireObject(ctx.body, "productLink");
      if (link.sku === undefined) throw requiredField("sku");
      requireCategory(ctx.data, id, "id");
      const p = requireProduct(ctx.data, toStr(link.sku));
      const key = String(id);
      const position = link.position === undefined ? 0 : toInt(link.position);
      const existing = p.extension_attributes.category_links.find((l) => l.category_id === key);
      if (existing) existing.position = position;
      else p.extension_attributes.category_links.push({ position, category_id: key });
      syncCategoryIds(p);
      return true;
    },
  })),
  {
    method: "DELETE",
    path: "/V1/categories/:categoryId/products/:sku",
    service: "catalogCategoryLinkRepositoryV1",
    operation: "deleteByIds",
    aclResource: CATEGORIES,
    summary: "Remove a product from a category",
    returns: "true",
    handler: (ctx) => {
      const id = intParam(ctx.params, "categoryId");
      requireCategory(ctx.data, id);
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      const key = String(id);
      const links = p.extension_attributes.category_links;
      if (!links.some((l) => l.category_id === key)) {
        throw badRequest("The category doesn't contain the specified product.");
      }
      p.extension_attributes.category_links = links.filter((l) => l.category_id !== key);
      syncCategoryIds(p);
      return true;
    },
  },
];
