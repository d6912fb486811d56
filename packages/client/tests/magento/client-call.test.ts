import { describe, expect, it } from "vitest";
import {
  createMagentoClient,
  OperationCallError,
  searchCriteria,
  fields,
  SearchCriteriaError,
  type SearchCriteria,
} from "../../src/magento/index.ts";
import { SignatureNegotiation, fallbackSignal, signatureAccepted } from "../../src/magento/signature-fallback.ts";
import { fakeFetch, json } from "../helpers/fake-fetch.ts";

const make = (baseUrl = "https://shop.example.com/index.php/", storeCode?: string) => {
  const f = fakeFetch(() => json(200, { ok: 1 }));
  const client = createMagentoClient({
    baseUrl,
    auth: { kind: "bearer", token: "t" },
    fetch: f.fetch,
    ...(storeCode ? { storeCode } : {}),
  });
  return { client, calls: f.calls };
};

describe("client addressing", () => {
  it("builds the URL from base, store code, encoded path params, criteria, fields and query", async () => {
    const { client, calls } = make();
    await client.request({
      method: "GET",
      path: "/V1/products/{sku}",
      pathParams: { sku: "ABC/10" },
      storeCode: "default",
      fields: fields("sku", "name"),
    });
    expect(calls[0]!.url).toBe(
      "https://shop.example.com/index.php/rest/default/V1/products/ABC%2F10?fields=sku%2Cname",
    );
    await client.request({
      method: "GET",
      path: "/V1/orders",
      searchCriteria: searchCriteria().where("created_at", "gt", "2024-10-25 00:00:00").pageSize(2),
      query: { extra: "a b" },
    });
    expect(calls[1]!.url).toBe(
      "https://shop.example.com/index.php/rest/V1/orders?" +
        "searchCriteria%5Bfilter_groups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bfield%5D=created_at&" +
        "searchCriteria%5Bfilter_groups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bvalue%5D=2024-10-25%2000%3A00%3A00&" +
        "searchCriteria%5Bfilter_groups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bcondition_type%5D=gt&" +
        "searchCriteria%5BpageSize%5D=2&extra=a%20b",
    );
  });

  it("uses the client's store code unless the call overrides it", async () => {
    const { client, calls } = make("https://s.example/", "all");
    await client.request({ method: "PUT", path: "/V1/cmsPage/{id}", pathParams: { id: 3 }, body: {} });
    await client.request({ method: "GET", path: "/V1/cmsPage/{id}", pathParams: { id: 3 }, storeCode: "fr" });
    expect(calls.map((c) => c.url)).toEqual([
      "https://s.example/rest/all/V1/cmsPage/3",
      "https://s.example/rest/fr/V1/cmsPage/3",
    ]);
  });

  it("refuses a .. path parameter and a base URL fetch would rewrite, before sending anything", async () => {
    const { client, calls } = make();
    await expect(
      client.request({ method: "GET", path: "/V1/products/{sku}/media", pathParams: { sku: ".." } }),
    ).rejects.toThrow(/dot segment/);
    await expect(client.call("getProductsBySku", { pathParams: { sku: "." } })).rejects.toThrow(/dot segment/);
    const spaced = make("https://shop.example.com/my shop/");
    await expect(spaced.client.request({ method: "GET", path: "/V1/store/websites" })).rejects.toThrow(
      /fetch would send .*my%20shop/,
    );
    expect(calls).toHaveLength(0);
    expect(spaced.calls).toHaveLength(0);
  });

  it("rejects a malformed fields string before sending", async () => {
    const { client, calls } = make();
    await expect(client.request({ method: "GET", path: "/V1/products", fields: "items[sku" })).rejects.toThrow(
      /unclosed/,
    );
    expect(calls).toHaveLength(0);
  });
});

describe("client.call (catalogue-driven)", () => {
  it("resolves an operation id to method and path", async () => {
    const { client, calls } = make();
    await client.call("getProductsBySku", { pathParams: { sku: "24-MB01" } });
    await client.call("deleteCartsByCartIdItemsByItemId", { pathParams: { cartId: 5, itemId: 7 } });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET https://shop.example.com/index.php/rest/V1/products/24-MB01",
      "DELETE https://shop.example.com/index.php/rest/V1/carts/5/items/7",
    ]);
  });

  it("names every missing path parameter at run time (JavaScript callers, casts)", async () => {
    const { client, calls } = make();
    const untyped = client.call as (id: string, args?: object) => Promise<unknown>;
    await expect(untyped("deleteCartsByCartIdItemsByItemId", { pathParams: { cartId: 5 } })).rejects.toThrow(
      /deleteCartsByCartIdItemsByItemId \(DELETE \/V1\/carts\/\{cartId\}\/items\/\{itemId\}\) needs path parameter itemId/,
    );
    await expect(client.call("getProductsBySku")).rejects.toBeInstanceOf(OperationCallError);
    await expect(untyped("noSuchOperation")).rejects.toThrow(/unknown operation/);
    expect(calls).toHaveLength(0);
  });

  it("checks operation ids, path parameters and required query parameters at compile time", async () => {
    const { client } = make();
    // Each @ts-expect-error fails `tsc --noEmit` (npm test's typecheck) if the call it marks compiles.
    // @ts-expect-error -- itemId is missing
    await client.call("deleteCartsByCartIdItemsByItemId", { pathParams: { cartId: 5 } }).catch(() => undefined);
    // @ts-expect-error -- the parameter of getProductsBySku is sku, not id
    await client.call("getProductsBySku", { pathParams: { id: "x" } }).catch(() => undefined);
    // @ts-expect-error -- not a catalogue operation: use request() for other routes
    await client.call("noSuchOperation").catch(() => undefined);
    // @ts-expect-error -- getSchemaServices needs query.services
    await client.call("getSchemaServices", {}).catch(() => undefined);
    // @ts-expect-error -- getProducts has no path parameters
    await client.call("getProducts", { pathParams: { sku: "x" } }).catch(() => undefined);
    const typed = await client.call<"getProductsBySku", { ok: number }>("getProductsBySku", {
      pathParams: { sku: "24-MB01" },
    });
    expect(typed.data.ok).toBe(1);
  });

  it("handles schema, swagger and portal operations", async () => {
    const f = fakeFetch((c) =>
      c.url.endsWith("/swagger") ? new Response("<html>swagger</html>") : json(200, { swagger: "2.0" }),
    );
    const client = createMagentoClient({
      baseUrl: "https://s.example/",
      auth: { kind: "bearer", token: "admin" },
      fetch: f.fetch,
    });
    await client.call("getSchemaServices", { query: { services: "catalogProductRepositoryV1" } });
    expect(f.calls[0]!.url).toBe("https://s.example/rest/default/schema?services=catalogProductRepositoryV1");
    await expect(client.call("getSchemaServices")).rejects.toThrow(/services/);
    const page = await client.call<"getSwagger", string>("getSwagger");
    expect(page.data).toContain("swagger");
    expect(f.calls[1]!.url).toBe("https://s.example/swagger");
    await expect(client.call("postPortalAppSessionToken")).rejects.toThrow(/portal/);
  });

  it("sends searchCriteria[currentPage]=1 to a list operation called without criteria, and only then", async () => {
    const { client, calls } = make("https://s.example/");
    await client.call("getOrders");
    await client.request({ method: "GET", path: "/V1/cmsPage/search", searchCriteria: searchCriteria() });
    await client.request({ method: "GET", path: "V1/customers/search", fields: "items[id]" });
    await client.call("getOrders", { searchCriteria: searchCriteria().pageSize(5) });
    await client.call("getStoreWebsites");
    await client.call("getProductsBySku", { pathParams: { sku: "x" } });
    await client.request({ method: "GET", path: "/V1/custom/list" });
    expect(calls.map((c) => c.url)).toEqual([
      "https://s.example/rest/V1/orders?searchCriteria%5BcurrentPage%5D=1",
      "https://s.example/rest/V1/cmsPage/search?searchCriteria%5BcurrentPage%5D=1",
      "https://s.example/rest/V1/customers/search?searchCriteria%5BcurrentPage%5D=1&fields=items%5Bid%5D",
      "https://s.example/rest/V1/orders?searchCriteria%5BpageSize%5D=5",
      "https://s.example/rest/V1/store/websites",
      "https://s.example/rest/V1/products/x",
      "https://s.example/rest/V1/custom/list",
    ]);
  });

  it("refuses a plain searchCriteria object that the store would misread", async () => {
    const { client, calls } = make();
    const bad: unknown[] = [
      { filterGroups: [{ filters: [{ field: "sku", value: "x", conditionType: "equals" }] }], sortOrders: [] },
      { filterGroups: [], sortOrders: [{ field: "sku", direction: "asc" }] },
      { filterGroups: [{ filters: [{ field: "sku", conditionType: "eq" }] }], sortOrders: [] },
      { filterGroups: [{ filters: [{ field: "", value: "x", conditionType: "eq" }] }], sortOrders: [] },
      { filterGroups: [], sortOrders: [], pageSize: 2.5 },
      { filterGroups: [], sortOrders: [], currentPage: 0 },
      { filterGroups: [{ filters: [{ field: "sku", value: 5, conditionType: "eq" }] }], sortOrders: [] },
      { filterGroups: [{ filters: [{ field: "sku", value: "x", condition_type: "eq" }] }], sortOrders: [] },
      { filterGroups: [] },
    ];
    for (const sc of bad) {
      await expect(
        client.request({ method: "GET", path: "/V1/products", searchCriteria: sc as SearchCriteria }),
      ).rejects.toBeInstanceOf(SearchCriteriaError);
    }
    expect(calls).toHaveLength(0);
    await client.request({
      method: "GET",
      path: "/V1/products",
      searchCriteria: {
        filterGroups: [{ filters: [{ field: "special_price", conditionType: "null" }] }],
        sortOrders: [{ field: "sku", direction: "DESC" }],
        pageSize: 300,
      },
    });
    expect(calls).toHaveLength(1);
  });
});

describe("signature negotiation", () => {
  it("switches method once, then walks the modes standard → D → C → E", () => {
    const n = new SignatureNegotiation({ method: "HMAC-SHA256", mode: "standard" });
    expect(n.next("signature_invalid")).toEqual({ method: "HMAC-SHA256", mode: "D" });
    expect(n.next("method_not_supported")).toEqual({ method: "HMAC-SHA1", mode: "D" });
    expect(n.next("method_not_supported")).toBeUndefined();
    expect(n.next("signature_invalid")).toEqual({ method: "HMAC-SHA1", mode: "standard" });
    expect(n.next("signature_invalid")).toEqual({ method: "HMAC-SHA1", mode: "C" });
    expect(n.next("signature_invalid")).toEqual({ method: "HMAC-SHA1", mode: "E" });
    expect(n.next("signature_invalid")).toBeUndefined();
  });

  it("starts from a remembered mode and does not switch non-HMAC methods", () => {
    const n = new SignatureNegotiation({ method: "PLAINTEXT", mode: "C" });
    expect(n.next("method_not_supported")).toBeUndefined();
    expect(n.next("signature_invalid")).toEqual({ method: "PLAINTEXT", mode: "standard" });
    expect(n.next("signature_invalid")).toEqual({ method: "PLAINTEXT", mode: "D" });
    expect(n.next("signature_invalid")).toEqual({ method: "PLAINTEXT", mode: "E" });
  });

  it("recognises the triggers in JSON and oauth_problem bodies only with the right status", () => {
    const sig = JSON.stringify({ message: "The signature is invalid. Verify and try again." });
    expect(fallbackSignal(401, sig)).toBe("signature_invalid");
    expect(fallbackSignal(400, sig)).toBeUndefined();
    expect(fallbackSignal(401, "oauth_problem=The+signature+is+invalid.+Verify+and+try+again.")).toBe(
      "signature_invalid",
    );
    expect(
      fallbackSignal(
        400,
        JSON.stringify({ message: "Signature method %1 is not supported", parameters: ["HMAC-SHA1"] }),
      ),
    ).toBe("method_not_supported");
    expect(fallbackSignal(400, "oauth_problem=Signature+method+HMAC-SHA256+is+not+supported")).toBe(
      "method_not_supported",
    );
    expect(fallbackSignal(401, JSON.stringify({ message: "Specified token does not exist" }))).toBeUndefined();
  });

  it("counts only answers given after authentication as proof that a signature was accepted", () => {
    expect(signatureAccepted(200, "{}")).toBe(true);
    expect(signatureAccepted(404, JSON.stringify({ message: "The product that was requested doesn't exist." }))).toBe(
      true,
    );
    expect(
      signatureAccepted(
        400,
        JSON.stringify({ message: "The %fieldName value is invalid.", parameters: { fieldName: "x" } }),
      ),
    ).toBe(true);
    expect(signatureAccepted(404, JSON.stringify({ message: "Request does not match any route." }))).toBe(false);
    expect(signatureAccepted(401, JSON.stringify({ message: "Specified token does not exist" }))).toBe(false);
    expect(
      signatureAccepted(
        400,
        JSON.stringify({ message: "Signature method %1 is not supported", parameters: ["HMAC-SHA1"] }),
      ),
    ).toBe(false);
    expect(signatureAccepted(500, "{}")).toBe(false);
    expect(signatureAccepted(503, "{}")).toBe(false);
  });
});
