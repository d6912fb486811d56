/**
 * The grid loader: one list call through the catalogue operation the grid names (client.call, with the URL's
 * searchCriteria and the trimmed fields), its lookups beside it, and failures kept as values the page shows.
 */
import { describe, expect, it } from "vitest";
import { loadGrid } from "@/lib/dashboard/grid-loader";
import { customersGrid } from "@/lib/dashboard/customers-grid";
import { productsGrid } from "@/lib/dashboard/products-grid";
import { errorFromResponse, type MagentoClient } from "@magento-integration/client";
import { InstallationNotUsableError } from "@magento-integration/handshake";

type Call = { id: string; args: unknown };

function fakeClient(answers: Record<string, () => unknown>): { client: MagentoClient; calls: Call[] } {
  const calls: Call[] = [];
  const client = {
    call: async (id: string, args: unknown) => {
      calls.push({ id, args });
      const answer = answers[id];
      if (!answer) throw new Error(`unexpected call ${id}`);
      return { status: 200, data: answer(), durationMs: 3 };
    },
  } as unknown as MagentoClient;
  return { client, calls };
}

const refused = (resource: string) => () => {
  throw errorFromResponse(
    401,
    JSON.stringify({
      message: "The consumer isn't authorized to access %resources.",
      parameters: { resources: resource },
    }),
    "https://shop.test/rest/V1/x",
    "GET",
  );
};

describe("loadGrid", () => {
  it("calls the grid's operation with the URL's criteria and fields, and its lookups beside it", async () => {
    const { client, calls } = fakeClient({
      getCustomersSearch: () => ({ items: [{ id: 7, email: "a@example.com", group_id: 2 }], total_count: 1 }),
      getCustomerGroupsSearch: () => ({ items: [{ id: 2, code: "Wholesale" }], total_count: 1 }),
    });
    const data = await loadGrid(
      customersGrid,
      { installationId: "inst 1", client: () => client },
      new URLSearchParams("q=a&sort=created_at&dir=desc"),
    );
    const list = calls.find((c) => c.id === "getCustomersSearch")!.args as {
      searchCriteria: { sortOrders: unknown[] };
      fields: string;
    };
    expect(list.searchCriteria.sortOrders).toEqual([{ field: "created_at", direction: "DESC" }]);
    expect(list.fields).toBe("items[id,email,firstname,lastname,group_id,created_at],total_count");
    expect(data.request.path).toBe("/V1/customers/search");
    expect(data.list).toMatchObject({ ok: true, value: { total: 1, durationMs: 3 } });
    expect(data.lookups.group).toEqual([{ value: "2", label: "Wholesale" }]);
    const group = customersGrid.columns.find((c) => c.key === "group_id")!;
    expect(group.cell({ id: 7, group_id: 2 }, data.cellContext)).toBe("Wholesale");
    expect(data.cellContext.recordHref(7)).toBe("/stores/inst%201/customers/7");
  });

  it("a failed lookup leaves the list alone and the ids readable", async () => {
    const { client } = fakeClient({
      getCustomersSearch: () => ({ items: [{ id: 7, group_id: 2 }], total_count: 1 }),
      getCustomerGroupsSearch: refused("Magento_Customer::group"),
    });
    const data = await loadGrid(customersGrid, { installationId: "i", client: () => client }, new URLSearchParams());
    expect(data.list.ok).toBe(true);
    expect(data.lookups.group).toBeUndefined();
    expect(
      customersGrid.columns.find((c) => c.key === "group_id")!.cell({ id: 7, group_id: 2 }, data.cellContext),
    ).toBe("Group 2");
  });

  it("a refused list call becomes the error view, with the resource to grant", async () => {
    const { client } = fakeClient({
      getProducts: refused("Magento_Catalog::products"),
      getCategories: () => ({ id: 1, children_data: [] }),
      getStoreStoreConfigs: () => [],
    });
    const data = await loadGrid(productsGrid, { installationId: "i2", client: () => client }, new URLSearchParams());
    expect(data.list).toMatchObject({
      ok: false,
      error: { action: "grant_resource", resource: "Magento_Catalog::products" },
    });
  });

  it("a store that cannot be called makes no call and says to reauthorize", async () => {
    const data = await loadGrid(
      productsGrid,
      {
        installationId: "i3",
        client: () => {
          throw new InstallationNotUsableError("pending", "no token yet");
        },
      },
      new URLSearchParams(),
    );
    expect(data.list).toMatchObject({ ok: false, error: { action: "reauthorize" } });
    expect(data.lookups.category).toBeUndefined();
  });

  it("a store answering more items than the page asked for gets an error, not a page of all of them", async () => {
    // a store anyone can add (manual mode) answered 258,000 items to a page of 20: one page view took 84 s and 1.5 GB
    let parsedItems = 0;
    const items = Array.from({ length: 5_000 }, (_, i) => ({
      get id() {
        parsedItems++;
        return i;
      },
      email: "a@example.com",
    }));
    const { client } = fakeClient({
      getCustomersSearch: () => ({ items, total_count: 5_000 }),
      getCustomerGroupsSearch: () => ({ items: [], total_count: 0 }),
    });
    const data = await loadGrid(
      customersGrid,
      { installationId: "i4", client: () => client },
      new URLSearchParams("size=20"),
    );
    expect(data.list).toMatchObject({
      ok: false,
      error: {
        storeMessage: "The store answered 5000 items for a page of 20: that is not the list the app asked for.",
      },
    });
    expect(parsedItems).toBe(0); // refused before any item is read
    const fits = fakeClient({
      getCustomersSearch: () => ({ items: items.slice(0, 20), total_count: 5_000 }),
      getCustomerGroupsSearch: () => ({ items: [], total_count: 0 }),
    });
    expect(
      (
        await loadGrid(
          customersGrid,
          { installationId: "i4", client: () => fits.client },
          new URLSearchParams("size=20"),
        )
      ).list.ok,
    ).toBe(true);
  });
});
