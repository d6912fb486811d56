/**
 * `POST /admin/api/source-items`: the merchant's MSI source-item edits (Stores › Inventory, a product's Sources
 * panel), for sync tests: `{"save": [{sku, source_code, quantity, status}], "delete": [{sku, source_code}]}`. A save
 * leaves every `updated_at` alone (source items have none, and the product is not saved: docs/sync.md). Items on
 * the `default` source are the product's legacy stock item (kept in step, as Magento does): saving one sets the
 * stock item; deleting one is refused (delete the product). The whole body is checked before anything is written.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { sourceItemKey, type StoreData } from "../data/index.ts";
import { DEFAULT_SOURCE_CODE } from "../rest/routes/inventory.ts";

// Magento's source code validation (InventoryApi SourceCodeValidator): not empty, no whitespace
const sourceCode = z.string().regex(/^\S+$/, "a source code has no whitespace").max(255);
const sku = z.string().min(1).max(64);
export const SourceItemsBody = z.strictObject({
  save: z
    .array(
      z.strictObject({
        sku,
        source_code: sourceCode,
        quantity: z.number().finite(),
        status: z.union([z.literal(0), z.literal(1)]),
      }),
    )
    .max(10_000)
    .default([]),
  delete: z
    .array(z.strictObject({ sku, source_code: sourceCode }))
    .max(10_000)
    .default([]),
});

export class SourceItemsError extends Error {}

export function editSourceItems(data: StoreData, body: z.output<typeof SourceItemsBody>) {
  for (const item of [...body.save, ...body.delete]) {
    if (!data.product(item.sku)) throw new SourceItemsError(`no product with SKU "${item.sku}"`);
  }
  const onDefault = body.delete.find((d) => d.source_code === DEFAULT_SOURCE_CODE);
  if (onDefault)
    throw new SourceItemsError(
      `"${onDefault.sku}" on the default source follows its stock item in the dev store: delete the product instead`,
    );
  for (const s of body.save) {
    const product = data.product(s.sku)!;
    if (s.source_code === DEFAULT_SOURCE_CODE) {
      product.extension_attributes.stock_item.qty = s.quantity;
      product.extension_attributes.stock_item.is_in_stock = s.status === 1;
      continue;
    }
    const key = sourceItemKey(s.source_code, product.sku);
    const id = data.sourceItems.get(key)?.source_item_id ?? data.nextId("sourceItem");
    data.sourceItems.set(key, { ...s, sku: product.sku, source_item_id: id });
  }
  let deleted = 0;
  for (const d of body.delete) if (data.sourceItems.delete(sourceItemKey(d.source_code, d.sku))) deleted++;
  data.touch(); // search results computed before are stale
  return { saved: body.save.length, deleted };
}

export function registerSourceItemsApi(app: FastifyInstance, data: StoreData): void {
  app.post("/admin/api/source-items", async (req, reply) => {
    let body: unknown;
    try {
      body = typeof req.body === "string" && req.body.trim() !== "" ? JSON.parse(req.body) : {};
    } catch {
      return reply.code(400).send({ message: "The body must be JSON: {save: [...], delete: [...]}" });
    }
    const parsed = SourceItemsBody.safeParse(body);
    if (!parsed.success)
      return reply
        .code(400)
        .send({ message: parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ") });
    try {
      return editSourceItems(data, parsed.data);
    } catch (e) {
      if (e instanceof SourceItemsError) return reply.code(400).send({ message: e.message });
      throw e;
    }
  });
}
