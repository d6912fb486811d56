/**
 * Prices (magento/magento2 app/code/Magento/Catalog/etc/webapi.xml, resource Magento_Catalog::catalog): a product's
 * tier prices per customer group, and the bulk price storages (tier, base, cost, special price) that answer a
 * list of per-row errors instead of failing the whole request (PriceUpdateResultInterface).
 */
import type { CustomAttribute, Product, StoreData, TierPrice } from "../../data/index.ts";
import { notFound } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { nowText, requireArray, requireBody, toFloat, toInt, toStr } from "./input.ts";
import { requireProduct } from "./products.ts";

const CATALOG = "Magento_Catalog::catalog";
/** Magento's "ALL GROUPS" customer group id in tier prices. */
const ALL_GROUPS = 32000;

function groupId(raw: string): number {
  return raw === "all" ? ALL_GROUPS : toInt(raw);
}

function groupCode(data: StoreData, id: number): string {
  return id === ALL_GROUPS ? "ALL GROUPS" : (data.customerGroups.get(id)?.code ?? String(id));
}

function attrValue(p: Product, code: string): unknown {
  return p.custom_attributes.find((a) => a.attribute_code === code)?.value;
}

function setAttr(p: Product, code: string, value: unknown): void {
  const existing = p.custom_attributes.find((a: CustomAttribute) => a.attribute_code === code);
  if (value === undefined) p.custom_attributes = p.custom_attributes.filter((a) => a.attribute_code !== code);
  else if (existing) existing.value = value;
  else p.custom_attributes.push({ attribute_code: code, value });
}

type UpdateError = { message: string; parameters: Record<string, string> };

/** Runs `apply` for each row whose SKU exists; a missing SKU becomes a result row, as the storages report it. */
function eachRow(
  ctx: RouteContext,
  rows: unknown[],
  apply: (p: Product, row: Record<string, unknown>) => UpdateError | undefined,
): UpdateError[] {
  const errors: UpdateError[] = [];
  for (const raw of rows) {
    const row = (raw ?? {}) as Record<string, unknown>;
    const sku = row.sku === undefined ? "" : toStr(row.sku);
    const p = ctx.data.product(sku);
    if (!p) {
      errors.push({ message: "Requested product doesn't exist. SKU: %SKU.", parameters: { SKU: sku } });
      continue;
    }
    const err = apply(p, row);
    if (err) errors.push(err);
    else p.updated_at = nowText(ctx.now);
  }
  return errors;
}

/** Existing SKUs of a `skus` body parameter; an unknown one fails the read (NoSuchEntityException). */
function productsOf(ctx: RouteContext): Product[] {
  return requireArray(ctx.body, "skus").map((s) => {
    const p = ctx.data.product(toStr(s));
    if (!p) throw notFound("The following requested SKU(s) are not found: %1", [toStr(s)]);
    return p;
  });
}

function renderTier(data: StoreData, p: Product, t: TierPrice): Record<string, unknown> {
  const percentage = t.extension_attributes?.percentage_value;
  return {
    price: percentage ?? t.value,
    price_type: percentage !== undefined ? "discount" : "fixed",
    website_id: t.extension_attributes?.website_id ?? 0,
    sku: p.sku,
    customer_group: groupCode(data, t.customer_group_id),
    quantity: t.qty,
  };
}

function tierFromRow(data: StoreData, row: Record<string, unknown>): TierPrice | UpdateError {
  const groupName = row.customer_group === undefined ? "ALL GROUPS" : toStr(row.customer_group);
  const group =
    groupName.toUpperCase() === "ALL GROUPS"
      ? ALL_GROUPS
      : [...data.customerGroups.values()].find((g) => g.code.toLowerCase() === groupName.toLowerCase())?.id;
  if (group === undefined)
    return {
      message:
        "No such entity with Customer Group = %customerGroup. Row ID: SKU = %SKU, Website ID: %websiteId, Customer Group: %customerGroup, Quantity: %qty.",
      parameters: {
        SKU: toStr(row.sku ?? ""),
        customerGroup: groupName,
        websiteId: toStr(row.website_id ?? 0),
        qty: toStr(row.quantity ?? 0),
      },
    };
  const type = row.price_type === undefined ? "fixed" : toStr(row.price_type);
  const price = toFloat(row.price ?? 0);
  const qty = toFloat(row.quantity ?? 1);
  if (qty <= 0 || price < 0 || (type === "discount" && price > 100) || (type !== "fixed" && type !== "discount")) {
    return {
      message: "Invalid attribute %fieldName = %fieldValue.",
      parameters: {
        fieldName: type !== "fixed" && type !== "discount" ? "Price Type" : qty <= 0 ? "Quantity" : "Price",
        fieldValue: String(type !== "fixed" && type !== "discount" ? type : qty <= 0 ? qty : price),
      },
    };
  }
  return {
    customer_group_id: group,
    qty,
    value: type === "fixed" ? price : 0,
    extension_attributes: {
      website_id: toInt(row.website_id ?? 0),
      ...(type === "discount" ? { percentage_value: price } : {}),
    },
  };
}

const sameTier = (a: TierPrice, b: TierPrice) =>
  a.customer_group_id === b.customer_group_id &&
  a.qty === b.qty &&
  (a.extension_attributes?.website_id ?? 0) === (b.extension_attributes?.website_id ?? 0);

const skusBody = [{ name: "skus", type: "array" as const, required: true, description: "SKUs" }];
const pricesBody = (what: string) => [{ name: "prices", type: "array" as const, required: true, description: what }];
const TIER_ROW = "[{price, price_type: fixed|discount, website_id, sku, customer_group, quantity}]";

export const productPriceRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/products/:sku/group-prices/:customerGroupId/tiers",
    service: "catalogProductTierPriceManagementV1",
    operation: "getList",
    aclResource: CATALOG,
    summary: "Tier prices of a product for one customer group (`all` = ALL GROUPS)",
    returns: "{customer_group_id, qty, value}[]",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      const g = groupId(ctx.params.customerGroupId ?? "");
      return p.tier_prices
        .filter((t) => t.customer_group_id === g)
        .map(({ customer_group_id, qty, value, extension_attributes }) => ({
          customer_group_id,
          qty,
          value,
          extension_attributes,
        }));
    },
  },
  {
    method: "POST",
    path: "/V1/products/:sku/group-prices/:customerGroupId/tiers/:qty/price/:price",
    service: "catalogProductTierPriceManagementV1",
    operation: "add",
    aclResource: CATALOG,
    summary: "Add or change a tier price",
    returns: "true",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      const t: TierPrice = {
        customer_group_id: groupId(ctx.params.customerGroupId ?? ""),
        qty: toFloat(ctx.params.qty ?? ""),
        value: toFloat(ctx.params.price ?? ""),
        extension_attributes: { website_id: 0 },
      };
      if (t.qty <= 0 || t.value <= 0) throw notFound("Please provide valid data.");
      p.tier_prices = [...p.tier_prices.filter((x) => !sameTier(x, t)), t];
      p.updated_at = nowText(ctx.now);
      return true;
    },
  },
  {
    method: "DELETE",
    path: "/V1/products/:sku/group-prices/:customerGroupId/tiers/:qty",
    service: "catalogProductTierPriceManagementV1",
    operation: "remove",
    aclResource: CATALOG,
    summary: "Remove a tier price",
    returns: "true",
    handler: (ctx) => {
      const p = requireProduct(ctx.data, ctx.params.sku ?? "");
      const g = groupId(ctx.params.customerGroupId ?? "");
      const qty = toFloat(ctx.params.qty ?? "");
      const kept = p.tier_prices.filter((t) => !(t.customer_group_id === g && t.qty === qty));
      if (kept.length === p.tier_prices.length) {
        throw notFound("Product hasn't group price with such data: customerGroupId = '%1', website = %2, qty = %3", [
          ctx.params.customerGroupId,
          0,
          qty,
        ]);
      }
      p.tier_prices = kept;
      return true;
    },
  },
  {
    method: "POST",
    path: "/V1/products/tier-prices-information",
    service: "catalogTierPriceStorageV1",
    operation: "get",
    aclResource: CATALOG,
    summary: "Tier prices of products",
    body: skusBody,
    returns: "TierPrice[]",
    handler: (ctx) => productsOf(ctx).flatMap((p) => p.tier_prices.map((t) => renderTier(ctx.data, p, t))),
  },
  {
    method: "POST",
    path: "/V1/products/tier-prices",
    service: "catalogTierPriceStorageV1",
    operation: "update",
    aclResource: CATALOG,
    summary: "Add or change tier prices (others stay); answers the rows that failed",
    body: pricesBody(TIER_ROW),
    returns: "PriceUpdateResult[]",
    handler: (ctx) =>
      eachRow(ctx, requireArray(ctx.body, "prices"), (p, row) => {
        const t = tierFromRow(ctx.data, row);
        if ("message" in t) return t;
        p.tier_prices = [...p.tier_prices.filter((x) => !sameTier(x, t)), t];
        return undefined;
      }),
  },
  {
    method: "PUT",
    path: "/V1/products/tier-prices",
    service: "catalogTierPriceStorageV1",
    operation: "replace",
    aclResource: CATALOG,
    summary: "Replace all tier prices of the products named in the rows",
    body: pricesBody(TIER_ROW),
    returns: "PriceUpdateResult[]",
    handler: (ctx) => {
      const rows = requireArray(ctx.body, "prices");
      const cleared = new Set<Product>();
      return eachRow(ctx, rows, (p, row) => {
        const t = tierFromRow(ctx.data, row);
        if ("message" in t) return t;
        if (!cleared.has(p)) {
          p.tier_prices = [];
          cleared.add(p);
        }
        p.tier_prices.push(t);
        return undefined;
      });
    },
  },
  {
    method: "POST",
    path: "/V1/products/tier-prices-delete",
    service: "catalogTierPriceStorageV1",
    operation: "delete",
    aclResource: CATALOG,
    summary: "Delete the tier prices the rows name",
    body: pricesBody(TIER_ROW),
    returns: "PriceUpdateResult[]",
    handler: (ctx) =>
      eachRow(ctx, requireArray(ctx.body, "prices"), (p, row) => {
        const t = tierFromRow(ctx.data, row);
        if ("message" in t) return t;
        p.tier_prices = p.tier_prices.filter((x) => !sameTier(x, t));
        return undefined;
      }),
  },
  {
    method: "POST",
    path: "/V1/products/base-prices-information",
    service: "catalogBasePriceStorageV1",
    operation: "get",
    aclResource: CATALOG,
    summary: "Base prices of products",
    body: skusBody,
    returns: "{price, store_id, sku}[]",
    handler: (ctx) => productsOf(ctx).map((p) => ({ price: p.price, store_id: 0, sku: p.sku })),
  },
  {
    method: "POST",
    path: "/V1/products/base-prices",
    service: "catalogBasePriceStorageV1",
    operation: "update",
    aclResource: CATALOG,
    summary: "Set base prices; answers the rows that failed",
    body: pricesBody("[{price, store_id, sku}]"),
    returns: "PriceUpdateResult[]",
    handler: (ctx) =>
      eachRow(ctx, requireArray(ctx.body, "prices"), (p, row) => {
        const price = toFloat(row.price ?? -1);
        if (price < 0)
          return {
            message: "Invalid attribute %fieldName = %fieldValue.",
            parameters: { fieldName: "Price", fieldValue: String(price) },
          };
        p.price = price;
        return undefined;
      }),
  },
  {
    method: "POST",
    path: "/V1/products/cost-information",
    service: "catalogCostStorageV1",
    operation: "get",
    aclResource: CATALOG,
    summary: "Costs of products",
    body: skusBody,
    returns: "{cost, store_id, sku}[]",
    handler: (ctx) =>
      productsOf(ctx).flatMap((p) => {
        const cost = attrValue(p, "cost");
        return cost === undefined ? [] : [{ cost: Number(cost), store_id: 0, sku: p.sku }];
      }),
  },
  {
    method: "POST",
    path: "/V1/products/cost",
    service: "catalogCostStorageV1",
    operation: "update",
    aclResource: CATALOG,
    summary: "Set costs; answers the rows that failed",
    body: pricesBody("[{cost, store_id, sku}]"),
    returns: "PriceUpdateResult[]",
    handler: (ctx) =>
      eachRow(ctx, requireArray(ctx.body, "prices"), (p, row) => {
        const cost = toFloat(row.cost ?? -1);
        if (cost < 0)
          return {
            message: "Invalid attribute %fieldName = %fieldValue.",
            parameters: { fieldName: "Cost", fieldValue: String(cost) },
          };
        setAttr(p, "cost", cost.toFixed(6));
        return undefined;
      }),
  },
  {
    method: "POST",
    path: "/V1/products/cost-delete",
    service: "catalogCostStorageV1",
    operation: "delete",
    aclResource: CATALOG,
    summary: "Delete the costs of products",
    body: skusBody,
    returns: "true",
    handler: (ctx) => {
      for (const p of productsOf(ctx)) setAttr(p, "cost", undefined);
      return true;
    },
  },
  {
    method: "POST",
    path: "/V1/products/special-price-information",
    service: "catalogSpecialPriceStorageV1",
    operation: "get",
    aclResource: CATALOG,
    summary: "Special prices of products",
    body: skusBody,
    returns: "{price, store_id, sku, price_from, price_to}[]",
    handler: (ctx) => {
      requireBody(ctx.body, ["skus"]);
      return productsOf(ctx).flatMap((p) => {
        const price = attrValue(p, "special_price");
        if (price === undefined) return [];
        return [
          {
            price: Number(price),
            store_id: 0,
            sku: p.sku,
            price_from: (attrValue(p, "special_from_date") as string | undefined) ?? "1970-01-01 00:00:01",
            price_to: (attrValue(p, "special_to_date") as string | undefined) ?? "2038-01-19 03:14:07",
          },
        ];
      });
    },
  },
  {
    method: "POST",
    path: "/V1/products/special-price",
    service: "catalogSpecialPriceStorageV1",
    operation: "update",
    aclResource: CATALOG,
    summary: "Set special prices (with an optional date range); answers the rows that failed",
    body: pricesBody("[{price, store_id, sku, price_from, price_to}]"),
    returns: "PriceUpdateResult[]",
    handler: (ctx) =>
      eachRow(ctx, requireArray(ctx.body, "prices"), (p, row) => {
        const price = toFloat(row.price ?? -1);
        if (price < 0)
          return {
            message: "Invalid attribute %fieldName = %fieldValue.",
            parameters: { fieldName: "Price", fieldValue: String(price) },
          };
        const from = row.price_from === undefined ? undefined : toStr(row.price_from);
        const to = row.price_to === undefined ? undefined : toStr(row.price_to);
        if (from && to && from > to)
          return {
            message: "Invalid attribute %fieldName = %fieldValue.",
            parameters: { fieldName: "Price From", fieldValue: from },
          };
        setAttr(p, "special_price", price.toFixed(4));
        setAttr(p, "special_from_date", from);
        setAttr(p, "special_to_date", to);
        return undefined;
      }),
  },
  {
    method: "POST",
    path: "/V1/products/special-price-delete",
    service: "catalogSpecialPriceStorageV1",
    operation: "delete",
    aclResource: CATALOG,
    summary: "Delete special prices",
    body: pricesBody("[{price, store_id, sku, price_from, price_to}]"),
    returns: "PriceUpdateResult[]",
    handler: (ctx) =>
      eachRow(ctx, requireArray(ctx.body, "prices"), (p) => {
        for (const code of ["special_price", "special_from_date", "special_to_date"]) setAttr(p, code, undefined);
        return undefined;
      }),
  },
];
