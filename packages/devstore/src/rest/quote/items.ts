/**
 * Adding, changing and removing cart items (magento/magento2 app/code/Magento/Quote/Model/Quote/Item/Repository.php
 * and the product type models): the product must exist, be enabled and in stock for the quantity; a configurable
 * product needs its options (the chosen child is what is stocked and shipped); a bundle its selections; the same
 * simple product added twice adds up in one item.
 */
import type { Product, Quote, QuoteItem, QuoteItemOption, StoreData } from "../../data/index.ts";
import { quoteItemFor } from "../../data/seed-quotes.ts";
import { badRequest, invalidFieldValue, notFound, productNotFound } from "../errors.ts";
import type { RouteContext } from "../route.ts";
import { optional, toFloat, toInt, toStr } from "../routes/input.ts";

const attrValue = (p: Product, code: string) => p.custom_attributes.find((a) => a.attribute_code === code)?.value;

function attributeCodeById(data: StoreData, id: string): string | undefined {
  for (const a of data.productAttributes.values()) if (String(a.attribute_id) === id) return a.attribute_code;
  return undefined;
}

/** Stock check of one simple product for a total quantity (StockStateProvider::checkQuoteItemQty). */
function checkStock(p: Product, qty: number): void {
  const s = p.extension_attributes.stock_item;
  if (qty < s.min_sale_qty) throw badRequest("The fewest you may purchase is %1.", [s.min_sale_qty]);
  if (qty > s.max_sale_qty) throw badRequest("The requested qty exceeds the maximum qty allowed in shopping cart");
  if (!s.manage_stock) return;
  if (!s.is_in_stock) throw badRequest("Product that you are trying to add is not available.");
  if (s.backorders === 0 && qty > s.qty) throw badRequest("The requested qty is not available");
}

function readOptions(raw: unknown): QuoteItemOption | undefined {
  const ext = (raw as { extension_attributes?: Record<string, unknown> } | undefined)?.extension_attributes;
  if (!ext) return undefined;
  const o: QuoteItemOption = {};
  if (Array.isArray(ext.configurable_item_options)) {
    o.configurable_item_options = (ext.configurable_item_options as Record<string, unknown>[]).map((x) => ({
      option_id: toStr(x.option_id),
      option_value: toInt(x.option_value),
    }));
  }
  if (Array.isArray(ext.bundle_options)) {
    o.bundle_options = (ext.bundle_options as Record<string, unknown>[]).map((x) => ({
      option_id: toInt(x.option_id),
      option_qty: x.option_qty === undefined ? 1 : toFloat(x.option_qty),
      option_selections: Array.isArray(x.option_selections) ? x.option_selections.map(toInt) : [],
    }));
  }
  const dl = ext.downloadable_option as Record<string, unknown> | undefined;
  if (dl && Array.isArray(dl.downloadable_links)) o.downloadable_links = dl.downloadable_links.map(toInt);
  if (Array.isArray(ext.custom_options))
    o.custom_options = (ext.custom_options as Record<string, unknown>[]).map((x) => ({
      option_id: toStr(x.option_id),
      option_value: toStr(x.option_value),
    }));
  return Object.keys(o).length ? o : undefined;
}

/** The item a product (with its chosen options) becomes: price, shipped child, weight. */
function buildItem(
  ctx: RouteContext,
  q: Quote,
  p: Product,
  qty: number,
  options: QuoteItemOption | undefined,
  itemId: number,
): QuoteItem {
  if (p.status !== 1) throw badRequest("Product that you are trying to add is not available.");
  const item = quoteItemFor(p, itemId, qty);
  if (p.type_id === "configurable") {
    const chosen = options?.configurable_item_options ?? [];
    const configured = p.extension_attributes.configurable_product_options ?? [];
    if (chosen.length < configured.length) throw badRequest("You need to choose options for your item.");
    const child = (p.extension_attributes.configurable_product_links ?? [])
      .map((id) => ctx.data.productsById.get(id))
      .find(
        (c) =>
          c !== undefined &&
          chosen.every(
            (o) => String(attrValue(c, attributeCodeById(ctx.data, o.option_id) ?? "")) === String(o.option_value),
          ),
      );
    if (!child) throw badRequest("The product that was requested doesn't exist. Verify the product and try again.");
    checkStock(child, qty + sameChildQty(q, child.id, itemId));
    item.sku = child.sku;
    item.child_product_id = child.id;
    item.price = child.price;
    if (child.weight !== undefined) item.weight = child.weight;
  } else if (p.type_id === "bundle") {
    const chosen = options?.bundle_options ?? [];
    const bundleOptions = p.extension_attributes.bundle_product_options ?? [];
    let price = 0;
    for (const o of bundleOptions) {
      const pick = chosen.find((c) => c.option_id === o.option_id);
      if (!pick || pick.option_selections.length === 0) {
        if (o.required) throw badRequest("Please specify product option(s).");
        continue;
      }
      for (const sel of pick.option_selections) {
        const link = o.product_links.find((l) => l.id === sel);
        const child = link && ctx.data.product(link.sku);
        if (!link || !child) throw badRequest("The options you selected are not available.");
        checkStock(child, qty * pick.option_qty);
        price += child.price * pick.option_qty;
      }
    }
    item.price = Math.round(price * 100) / 100;
  } else if (p.type_id === "grouped") {
    throw badRequest("Please specify the quantity of product(s).");
  } else {
    checkStock(p, qty + sameChildQty(q, p.id, itemId));
  }
  if (options?.custom_options) {
    for (const co of options.custom_options) {
      const def = p.options.find((o) => String(o.option_id) === co.option_id);
      if (!def) continue;
      const value = def.values?.find((v) => String(v.option_type_id) === co.option_value);
      item.price = Math.round((item.price + (value ? value.price : (def.price ?? 0))) * 100) / 100;
    }
  }
  for (const o of p.options) {
    if (o.is_require && !options?.custom_options?.some((c) => c.option_id === String(o.option_id))) {
      throw badRequest(
        "The product's required option(s) weren't entered. Make sure the options are entered and try again.",
      );
    }
  }
  if (options) item.product_option = options;
  return item;
}

/** Quantity of the same stocked product already in other items of the cart. */
function sameChildQty(q: Quote, productId: number, exceptItemId: number): number {
  return q.items
    .filter((i) => i.item_id !== exceptItemId && (i.child_product_id ?? i.product_id) === productId)
    .reduce((s, i) => s + i.qty, 0);
}

function qtyOf(input: Record<string, unknown>): number {
  const raw = input.qty;
  const qty = raw === undefined || raw === null ? NaN : Number(raw);
  if (!Number.isFinite(qty) || qty <= 0) throw invalidFieldValue("qty", raw ?? "");
  return qty;
}

/** CartItemRepository::save for a new item; the same product with the same options is merged. */
export function addItem(ctx: RouteContext, q: Quote, input: Record<string, unknown>): QuoteItem {
  const sku = optional(input, "sku", toStr);
  const p = sku === undefined ? undefined : ctx.data.product(sku);
  if (!p) throw productNotFound();
  const qty = qtyOf(input);
  const options = readOptions(input.product_option);
  const same = q.items.find(
    (i) =>
      i.product_id === p.id &&
      JSON.stringify(i.product_option ?? null) === JSON.stringify(options ?? null) &&
      p.type_id !== "bundle",
  );
  if (same) {
    const merged = buildItem(ctx, q, p, same.qty + qty, options, same.item_id);
    same.qty = merged.qty;
    return same;
  }
  const item = buildItem(ctx, q, p, qty, options, ctx.data.nextId("quoteItem"));
  q.items.push(item);
  return item;
}

export function updateItem(ctx: RouteContext, q: Quote, itemId: number, input: Record<string, unknown>): QuoteItem {
  const existing = q.items.find((i) => i.item_id === itemId);
  if (!existing) throw notFound("The %1 Cart doesn't contain the %2 item.", [q.masked_id ?? q.id, itemId]);
  const p = ctx.data.productsById.get(existing.product_id);
  if (!p) throw productNotFound();
  const qty = input.qty === undefined ? existing.qty : qtyOf(input);
  const options = input.product_option === undefined ? existing.product_option : readOptions(input.product_option);
  const rebuilt = buildItem(ctx, q, p, qty, options, existing.item_id);
  Object.assign(existing, rebuilt, { gift_message_id: existing.gift_message_id });
  if (existing.gift_message_id === undefined) delete existing.gift_message_id;
  return existing;
}

export function removeItem(q: Quote, itemId: number): void {
  if (!q.items.some((i) => i.item_id === itemId))
    throw notFound("The %1 Cart doesn't contain the %2 item.", [q.masked_id ?? q.id, itemId]);
  q.items = q.items.filter((i) => i.item_id !== itemId);
}
