/**
 * MSI source items as Magento's Inventory API serves them (magento/inventory InventoryApi/etc/webapi.xml,
 * InventoryApi/Api/Data/SourceItemInterface.php; docs/sync.md, "Entities"): `GET /V1/inventory/source-items` with
 * search criteria, rows of `sku`, `source_code`, `quantity`, `status` and no id, the default source carrying the
 * legacy stock item's quantity; `source_item_id` filters and sorts without being rendered; an unknown column is the
 * masked 500 of a flat table; the route needs Stores › Inventory › Sources.
 */
import { describe, expect, it } from "vitest";
import { ADMIN, harness, integration } from "../../../tests/helpers/devstore-rest-harness";
import { createStoreData } from "../src/data/index";
import { editSourceItems, SourceItemsBody, SourceItemsError } from "../src/admin/source-items";

const list = (q: string) => `/rest/V1/inventory/source-items?${q}`;

describe("GET /V1/inventory/source-items", () => {
  it("answers the default source's items, following the legacy stock item, filtered, sorted and paged", async () => {
    const h = harness();
    h.as(ADMIN);
    expect((await h.call("PUT", "/rest/V1/products/24-MB01/stockItems/1", { stockItem: { qty: 7 } })).status).toBe(200);
    const one = await h.get(
      list(
        "searchCriteria[filterGroups][0][filters][0][field]=sku&searchCriteria[filterGroups][0][filters][0][value]=24-MB01",
      ),
    );
    expect(one.status).toBe(200);
    expect(one.json.total_count).toBe(1);
    expect(one.json.items).toEqual([{ sku: "24-MB01", source_code: "default", quantity: 7, status: 1 }]);

    // keyset on the unrendered source_item_id, ascending, with a fields projection
    const page = await h.get(
      list(
        "searchCriteria[filterGroups][0][filters][0][field]=source_item_id&searchCriteria[filterGroups][0][filters][0][value]=2" +
          "&searchCriteria[filterGroups][0][filters][0][conditionType]=gt" +
          "&searchCriteria[sortOrders][0][field]=source_item_id&searchCriteria[sortOrders][0][direction]=ASC" +
          "&searchCriteria[pageSize]=3&fields=items[sku,quantity],total_count",
      ),
    );
    expect(page.status).toBe(200);
    expect(page.json.items).toHaveLength(3);
    for (const item of page.json.items) expect(Object.keys(item).sort()).toEqual(["quantity", "sku"]);
    const all = await h.get(list("searchCriteria[pageSize]=300"));
    expect(page.json.total_count).toBe(all.json.total_count - 2);
  });

  it("refuses an unknown column as a flat table does, and a token without the Sources resource", async () => {
    const h = harness();
    h.as(ADMIN);
    const bad = await h.get(
      list(
        "searchCriteria[filterGroups][0][filters][0][field]=updated_at&searchCriteria[filterGroups][0][filters][0][value]=x",
      ),
    );
    expect(bad.status).toBe(500);
    h.as(integration(["Magento_Catalog::products"]));
    expect((await h.get(list("searchCriteria[pageSize]=1"))).status).toBe(401);
  });

  it("lists items of other sources next to the default one; edits leave updated_at alone; refused whole when wrong", async () => {
    const data = createStoreData();
    const h = harness({}, data);
    h.as(ADMIN);
    const updatedAt = data.product("24-MB01")!.updated_at;
    const edit = (body: unknown) => editSourceItems(data, SourceItemsBody.parse(body));
    edit({
      save: [
        { sku: "24-MB01", source_code: "east", quantity: 5, status: 1 },
        { sku: "24-MB01", source_code: "default", quantity: 9, status: 0 },
      ],
    });
    const bySku =
      "searchCriteria[filterGroups][0][filters][0][field]=sku&searchCriteria[filterGroups][0][filters][0][value]=24-MB01" +
      "&searchCriteria[sortOrders][0][field]=source_code&searchCriteria[sortOrders][0][direction]=ASC";
    expect((await h.get(list(bySku))).json.items).toEqual([
      { sku: "24-MB01", source_code: "default", quantity: 9, status: 0 },
      { sku: "24-MB01", source_code: "east", quantity: 5, status: 1 },
    ]);
    expect(data.product("24-MB01")!.updated_at).toBe(updatedAt);
    // a product unknown, or the default source's item deleted: nothing of the body is written
    expect(() =>
      edit({
        save: [{ sku: "24-MB01", source_code: "east", quantity: 1, status: 1 }],
        delete: [{ sku: "nope", source_code: "east" }],
      }),
    ).toThrow(SourceItemsError);
    expect(() => edit({ delete: [{ sku: "24-MB01", source_code: "default" }] })).toThrow(/delete the product/);
    expect(
      SourceItemsBody.safeParse({ save: [{ sku: "x", source_code: "a b", quantity: 1, status: 1 }] }).success,
    ).toBe(false);
    expect((await h.get(list(bySku))).json.items[1].quantity).toBe(5);
    expect(edit({ delete: [{ sku: "24-mb01", source_code: "east" }] })).toEqual({ saved: 0, deleted: 1 });
    expect((await h.get(list(bySku))).json.total_count).toBe(1);
  });

  it("a store started without MSI has no such route: 404 no route, as Magento without its Inventory modules", async () => {
    const h = harness({ msi: false });
    h.as(ADMIN);
    const res = await h.get(list("searchCriteria[pageSize]=1"));
    expect(res.status).toBe(404);
    expect(res.json.message).toBe("Request does not match any route.");
    expect((await h.get("/rest/V1/stockItems/24-MB01")).status).toBe(200);
  });
});
