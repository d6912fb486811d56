/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are read loosely in tests */
/**
 * The dev store's asynchronous web API: async and bulk submissions answer Magento's acceptance shape, the
 * consumer (driven by hand here) applies them through the synchronous routes, and the status routes report codes
 * 1–5 per operation; only the submitting user sees a bulk; input limits cap bulk arrays.
 */
import { describe, expect, it } from "vitest";
import { BulkState } from "../src/rest/async/bulk-state";
import { bulkPathOf, topicOf } from "../src/rest/async/async-routes";
import { ADMIN, criteria, harness, integration } from "../../../tests/helpers/devstore-rest-harness";

const NOW = Date.UTC(2026, 10, 22, 5, 0, 0);

function setup(opts: { inputLimits?: boolean } = {}) {
  const bulk = new BulkState(() => NOW, { running: false });
  const h = harness({ bulk, inputLimits: opts.inputLimits });
  return { h, bulk };
}

describe("async and bulk submissions", () => {
  it("a bulk of price updates is accepted as open operations and applied by the consumer in order", async () => {
    const { h, bulk } = setup();
    const before = h.data.product("24-MB01")!.price;
    const res = await h.call("PUT", "/rest/all/async/bulk/V1/products/bySku", [
      { sku: "24-MB01", product: { sku: "24-MB01", price: 11.5 } },
      { sku: "24-MB04", product: { sku: "24-MB04", price: 12.5 } },
    ]);
    expect(res.status).toBe(202);
    expect(res.json.errors).toBe(false);
    expect(res.json.bulk_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json.request_items.map((i: any) => [i.id, i.status])).toEqual([
      [0, "accepted"],
      [1, "accepted"],
    ]);
    expect(res.json.request_items[0].data_hash).toMatch(/^[0-9a-f]{64}$/);

    const uuid = res.json.bulk_uuid;
    const open = await h.get(`/rest/V1/bulk/${uuid}/status`);
    expect(open.json.operations_list.map((o: any) => o.status)).toEqual([4, 4]);
    expect(open.json.operation_count).toBe(2);
    expect(open.json.bulk_id).toBe(uuid);
    expect((await h.get(`/rest/V1/bulk/${uuid}/operation-status/4`)).json).toBe(2);
    expect(h.data.product("24-MB01")!.price).toBe(before);

    expect(await bulk.consume(10)).toBe(2);
    expect(h.data.product("24-MB01")!.price).toBe(11.5);
    expect(h.data.product("24-MB04")!.price).toBe(12.5);
    const detailed = (await h.get(`/rest/V1/bulk/${uuid}/detailed-status`)).json;
    expect(detailed.operations_list.map((o: any) => o.status)).toEqual([1, 1]);
    expect(detailed.operations_list[0].topic_name).toBe(
      "async.magento.catalog.api.productrepositoryinterface.save.put",
    );
    expect(JSON.parse(JSON.parse(detailed.operations_list[1].serialized_data).meta_information)).toEqual({
      sku: "24-MB04",
      product: { sku: "24-MB04", price: 12.5 },
    });
    expect(JSON.parse(detailed.operations_list[0].result_serialized_data).price).toBe(11.5);
  });

  it("an element the route refuses fails with status 3 and the rendered message; one missing its path parameter is rejected (5)", async () => {
    const { h, bulk } = setup();
    const res = await h.call("PUT", "/rest/default/async/bulk/V1/products/bySku", [
      { sku: "NO-SUCH-SKU", product: { price: 1 } },
      { product: { price: 2 } },
      { sku: "24-MB01", product: { price: 3 } },
    ]);
    expect(res.json.request_items.map((i: any) => i.status)).toEqual(["accepted", "rejected", "accepted"]);
    await bulk.consume(10);
    const status = (await h.get(`/rest/V1/bulk/${res.json.bulk_uuid}/status`)).json.operations_list;
    expect(status.map((o: any) => o.status)).toEqual([3, 5, 1]);
    expect(status[0].result_message).toBe('The "name" attribute value is empty. Set the attribute and try again.');
    expect((await h.get(`/rest/V1/bulk/${res.json.bulk_uuid}/operation-status/3`)).json).toBe(1);
  });

  it("the async route takes one body with the path as the synchronous route; GET has no async form", async () => {
    const { h, bulk } = setup();
    const res = await h.call("PUT", "/rest/all/async/V1/products/24-MB01", { product: { price: 44 } });
    expect(res.status).toBe(202);
    expect(res.json.request_items).toHaveLength(1);
    await bulk.consume(1);
    expect(h.data.product("24-MB01")!.price).toBe(44);
    expect((await h.get("/rest/all/async/V1/products/24-MB01")).status).toBe(404);
    expect((await h.call("PUT", "/rest/all/async/bulk/V1/products/bySku", { sku: "x" })).json.message).toBe(
      "Decoding error.",
    );
  });

  it("a bulk is visible only to the user that submitted it, and the search route finds its operations", async () => {
    const { h } = setup();
    h.as(integration("all"));
    const res = await h.call("PUT", "/rest/all/async/bulk/V1/products/bySku", [
      { sku: "24-MB01", product: { price: 5 } },
    ]);
    const uuid = res.json.bulk_uuid;
    expect((await h.get(`/rest/V1/bulk/${uuid}/status`)).status).toBe(200);
    const found = (await h.get(`/rest/V1/bulk/?${criteria({ groups: [[["bulk_uuid", uuid]]] })}`)).json;
    expect(found.total_count).toBe(1);
    expect(found.items[0]).toMatchObject({
      bulk_uuid: uuid,
      status: 4,
      extension_attributes: { start_time: "2026-11-22 05:00:00" },
    });
    h.as(ADMIN);
    expect((await h.get(`/rest/V1/bulk/${uuid}/status`)).status).toBe(404);
    h.as(integration(["Magento_Catalog::products"]));
    expect((await h.get(`/rest/V1/bulk/${uuid}/status`)).status).toBe(401);
  });

  it("with input limits on, a bulk holds at most 5,000 elements (nothing is accepted past it)", async () => {
    const { h, bulk } = setup({ inputLimits: true });
    const rows = Array.from({ length: 5_001 }, () => ({ sku: "24-MB01", product: { price: 1 } }));
    const res = await h.call("PUT", "/rest/all/async/bulk/V1/products/bySku", rows);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      message: 'Maximum items of type "%type" is %max',
      parameters: { type: "array", max: 5000 },
    });
    expect(bulk.all()).toHaveLength(0);
    expect((await h.call("PUT", "/rest/all/async/bulk/V1/products/bySku", rows.slice(1))).status).toBe(202);
  });
});

describe("bulk routes and topics", () => {
  it("path parameters become by<Param>", () => {
    expect(bulkPathOf("/V1/products/:sku/media/:entryId")).toBe("/V1/products/bySku/media/byEntryId");
    expect(topicOf({ service: "cmsPageRepositoryV1", operation: "deleteById", method: "DELETE" } as any)).toBe(
      "async.magento.cms.api.pagerepositoryinterface.deletebyid.delete",
    );
  });
});
