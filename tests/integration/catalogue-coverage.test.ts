/**
 * Every operation of the kit's catalogue (packages/client/src/magento/catalogue.ts, the 377 of docs/spec/endpoint-catalogue.md) is
 * routed by the dev store: called with an admin token, plausible path parameters and an empty body, none answers
 * 404 "Request does not match any route." (it may answer 400 for the empty body or 404 for an unknown entity). The
 * Commerce-only operations are routed by `--edition commerce` and answer Magento's no-route 404 in open source.
 * Nothing answers 5xx: bad input is the caller's error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE } from "@magento-integration/client";
import { startDevStore, type DevStore } from "../../packages/devstore/src/server";

const NO_ROUTE = "Request does not match any route.";
const REST_OPERATIONS = CATALOGUE.filter((o) => o.kind === "rest" || o.kind === "token");

/** A value each path parameter can take on the seeded store (the route does not depend on it, the answer may). */
const SAMPLE: Record<string, string> = {
  sku: "24-MB01",
  productSku: "24-MB01",
  childSku: "24-MB01-Black",
  linkedProductSku: "24-UG06",
  attributeCode: "color",
  attributeSetName: "Default",
  type: "related",
  couponCode: "H20",
  giftCardCode: "NOPE",
  email: "roni_cost@example.com",
  formCode: "adminhtml_customer",
  resetPasswordLinkToken: "x",
};

function pathFor(path: string): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(SAMPLE[name] ?? "1"));
}

async function walk(store: DevStore, token: string) {
  const results: { id: string; edition: string; status: number; noRoute: boolean; line: string }[] = [];
  for (const op of REST_OPERATIONS) {
    const url = `${store.storeBaseUrl}rest/default${pathFor(op.path)}${op.list ? "?searchCriteria[pageSize]=1" : ""}`;
    const res = await fetch(url, {
      method: op.method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      ...(op.method === "GET" || op.method === "DELETE" ? {} : { body: "{}" }),
    });
    const text = await res.text();
    results.push({
      id: op.id,
      edition: op.edition,
      status: res.status,
      noRoute: res.status === 404 && text.includes(NO_ROUTE),
      line: `${op.method} ${op.path} → ${res.status} ${text.slice(0, 120)}`,
    });
  }
  return results;
}

describe.each(["open-source", "commerce"] as const)("the %s dev store routes the catalogue", (edition) => {
  let store: DevStore;
  let token: string;

  beforeAll(async () => {
    store = await startDevStore({ port: 0, host: "127.0.0.1", edition });
    const res = await fetch(`${store.storeBaseUrl}rest/V1/integration/admin/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "admin123" }),
    });
    token = (await res.json()) as string;
  });
  afterAll(async () => {
    await store?.close();
  });

  it(`routes every ${edition === "commerce" ? "" : "open-source "}operation, and nothing answers 5xx`, async () => {
    const results = await walk(store, token);
    const served = results.filter((r) => edition === "commerce" || r.edition === "open-source");
    const missing = served.filter((r) => r.noRoute).map((r) => r.line);
    expect(missing, missing.join("\n")).toEqual([]);
    const failed = results.filter((r) => r.status >= 500).map((r) => r.line);
    expect(failed, failed.join("\n")).toEqual([]);
    console.log(
      `catalogue coverage (${edition}): ${results.filter((r) => !r.noRoute).length}/${REST_OPERATIONS.length} operations routed`,
    );
    if (edition === "open-source") {
      const commerce = results.filter((r) => r.edition === "commerce");
      expect(commerce.length).toBe(34);
      expect(commerce.filter((r) => !r.noRoute).map((r) => r.line)).toEqual([]);
    } else {
      expect(results.filter((r) => !r.noRoute)).toHaveLength(377);
    }
  });

  it("its schema describes exactly the operations it serves", async () => {
    const res = await fetch(`${store.storeBaseUrl}rest/default/schema`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    const described = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} /${path.replace(/^\/+|\/+$/g, "")}`),
    );
    const expected = REST_OPERATIONS.filter((o) => edition === "commerce" || o.edition === "open-source").map(
      (o) => `${o.method} /${o.path.replace(/^\/+|\/+$/g, "")}`,
    );
    // A Commerce store also serves the Commerce webhooks module's subscription API (docs/store-events.md), which is
    // not part of the core catalogue.
    if (edition === "commerce")
      expected.push("GET /V1/webhooks/list", "POST /V1/webhooks/subscribe", "POST /V1/webhooks/unsubscribe");
    expect(described.sort()).toEqual(expected.sort());
  });
});
