/**
 * The client's async web API calls against the dev store over HTTP, signed as every other call: bulk rows are
 * chunked, answered in order, and the status read back maps operations to rows; an operation without an async
 * form, or a row without its path parameter, is refused before anything is sent; a submission is never retried
 * after an unclear failure (the store may have queued it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BULK_STATUS,
  createMagentoClient,
  operationsByIndex,
  OperationCallError,
  type MagentoClient,
} from "@magento-integration/client";
import { startDevStore, type DevStore } from "../../packages/devstore/src/server";

async function adminJson<T>(url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}

let ds: DevStore;
let client: MagentoClient;

beforeAll(async () => {
  ds = await startDevStore({ port: 0, bulkConsumer: { running: false } });
  const integ = await adminJson<{ id: number }>(`${ds.url}/admin/api/integrations`, {
    name: "bulk test",
    resources: "all",
  });
  const { tokens } = await adminJson<{
    tokens: { consumer_key: string; consumer_secret: string; access_token: string; access_token_secret: string };
  }>(`${ds.url}/admin/api/integrations/${integ.id}/activate`, {});
  client = createMagentoClient({
    baseUrl: ds.storeBaseUrl,
    auth: {
      kind: "oauth",
      consumerKey: tokens.consumer_key,
      consumerSecret: tokens.consumer_secret,
      accessToken: tokens.access_token,
      accessTokenSecret: tokens.access_token_secret,
    },
    storeCode: "all",
  });
});
afterAll(async () => {
  await client.close();
  await ds.close();
});

describe("bulk and async calls", () => {
  it("rows go out in chunks of chunkSize, each an accepted bulk, and their status maps back to the rows", async () => {
    const rows = ["24-MB01", "24-MB04", "NO-SUCH-SKU", "24-MB03", "24-MB05"].map((sku, i) => ({
      sku,
      product: { sku, price: 10 + i },
    }));
    const chunks = await client.bulk("putProductsBySku", rows, { chunkSize: 2 });
    expect(chunks.map((c) => [c.firstRow, c.rows, c.request_items.length])).toEqual([
      [0, 2, 2],
      [2, 2, 2],
      [4, 1, 1],
    ]);
    const listed = await adminJson<Array<{ uuid: string; operation_count: number }>>(`${ds.url}/admin/api/bulk`);
    expect(listed.map((b) => b.uuid)).toEqual(chunks.map((c) => c.bulk_uuid));

    const stalled = operationsByIndex(await client.bulkStatus(chunks[1]!.bulk_uuid));
    expect(stalled.map((o) => o.status)).toEqual([BULK_STATUS.open, BULK_STATUS.open]);

    await adminJson(`${ds.url}/admin/api/bulk-consumer`, { running: true });
    let ops = operationsByIndex(await client.bulkStatus(chunks[1]!.bulk_uuid));
    for (let i = 0; i < 200 && ops.some((o) => o.status === BULK_STATUS.open); i++) {
      await new Promise((r) => setTimeout(r, 25));
      ops = operationsByIndex(await client.bulkStatus(chunks[1]!.bulk_uuid));
    }
    // row 2 (index 0 of the second chunk) is the unknown SKU: the store refuses it, row 3 passes
    expect(ops.map((o) => o.status)).toEqual([BULK_STATUS.failed, BULK_STATUS.complete]);
    expect(ops[0]!.message).toContain('"name" attribute value is empty');
    await adminJson(`${ds.url}/admin/api/bulk-consumer`, { running: false });
  });

  it("async queues one call; operations without an async form and rows without their path parameter are refused unsent", async () => {
    const before = (await adminJson<unknown[]>(`${ds.url}/admin/api/bulk`)).length;
    const one = await client.async("putProductsBySku", {
      pathParams: { sku: "24-MB01" },
      body: { product: { price: 9 } },
    });
    expect(one.request_items).toHaveLength(1);

    // @ts-expect-error -- GET has no async form
    await expect(client.async("getProductsBySku", { pathParams: { sku: "x" } })).rejects.toThrow(OperationCallError);
    // @ts-expect-error -- a bulk row of putProductsBySku carries its sku
    await expect(client.bulk("putProductsBySku", [{ product: { price: 1 } }])).rejects.toThrow(/row 0 has no sku/);
    expect((await adminJson<unknown[]>(`${ds.url}/admin/api/bulk`)).length).toBe(before + 1);
  });

  it("a submission whose answer is lost is not sent again (it may have been queued)", async () => {
    let sent = 0;
    const flaky = createMagentoClient({
      baseUrl: "http://store.test/",
      auth: { kind: "bearer", token: "t" },
      fetch: async () => {
        sent++;
        return new Response("bad gateway", { status: 502 });
      },
      sleep: async () => undefined,
    });
    await expect(flaky.bulk("putProductsBySku", [{ sku: "a", product: {} }])).rejects.toThrow();
    expect(sent).toBe(1);
    // the same verb as a plain call is retried (PUT is idempotent there)
    await expect(flaky.call("putProductsBySku", { pathParams: { sku: "a" }, body: { product: {} } })).rejects.toThrow();
    expect(sent).toBeGreaterThan(2);
  });
});
