/**
 * The client against the project's dev store (an independent implementation of the store side) in every
 * profile: signed list calls with filters and fields, paging to total_count, family fallback, and the
 * handshake endpoints after a real activation POST.
 */
import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import {
  createMagentoClient,
  fetchAccessToken,
  fetchAdminToken,
  fetchRequestToken,
  listFields,
  MagentoApiError,
  searchCriteria,
  type SignatureChoice,
} from "@magento-integration/client";
import { startDevStore } from "../../packages/devstore/src/server";
import { listenLocal, closeServer } from "../helpers/servers";

const PROFILES = ["2.4.3", "2.4.5", "2.4.7", "2.4.8", "2.4.9", "seed"] as const;

interface Tokens {
  consumer_key: string;
  consumer_secret: string;
  access_token: string;
  access_token_secret: string;
}

async function adminJson<T>(url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}

describe.each(PROFILES)("dev store profile %s", (profile) => {
  it("signed calls: filtered orders with fields, products paged to total_count, family choice reported", async () => {
    const ds = await startDevStore({ port: 0, profile });
    try {
      const integ = await adminJson<{ id: number }>(`${ds.url}/admin/api/integrations`, {
        name: "client test",
        resources: "all",
      });
      const { tokens } = await adminJson<{ tokens: Tokens }>(`${ds.url}/admin/api/integrations/${integ.id}/activate`);
      const choices: SignatureChoice[] = [];
      const client = createMagentoClient({
        baseUrl: ds.storeBaseUrl,
        auth: {
          kind: "oauth",
          consumerKey: tokens.consumer_key,
          consumerSecret: tokens.consumer_secret,
          accessToken: tokens.access_token,
          accessTokenSecret: tokens.access_token_secret,
        },
        onSignatureChoice: (c) => {
          choices.push(c);
        },
      });
      const orders = await client.request<{ items: Array<Record<string, unknown>>; total_count: number }>({
        method: "GET",
        path: "/V1/orders",
        searchCriteria: searchCriteria()
          .where("created_at", "gt", "2020-01-01 00:00:00")
          .sortBy("created_at", "DESC")
          .pageSize(3),
        fields: listFields("increment_id", "created_at") + ",total_count",
      });
      expect(orders.data.items).toHaveLength(3);
      expect(Object.keys(orders.data.items[0]!).sort()).toEqual(["created_at", "increment_id"]);
      expect(orders.data.total_count).toBeGreaterThan(3);
      // dates with a space and colons are signed differently by family D (2.4.8): the client must have found it
      expect(choices).toEqual([{ method: "HMAC-SHA256", mode: profile === "2.4.8" ? "D" : "standard" }]);

      const first = await client.request<{ total_count: number }>({
        method: "GET",
        path: "/V1/products",
        searchCriteria: searchCriteria().pageSize(1),
      });
      const skus = new Set<string>();
      for await (const p of client.paginate<{ sku: string }>("/V1/products", {
        pageSize: 300,
        fields: listFields("sku"),
      }))
        skus.add(p.sku);
      expect(skus.size).toBe(first.data.total_count);

      // a SKU with ":" and "@" travels as %3A/%40; family C (2.4.7) signs the decoded path; the store answers 404
      const err = await client
        .request({ method: "GET", path: "/V1/products/{sku}", pathParams: { sku: "NO:SUCH@SKU" } })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MagentoApiError);
      expect((err as MagentoApiError).code).toBe("not_found");
      if (profile === "2.4.7") expect(client.signature.mode).toBe("C");
    } finally {
      await ds.close();
    }
  });
});

describe("handshake against the dev store", () => {
  it.each(["2.4.5", "2.4.8", "seed"] as const)(
    "profile %s: activation POST → request token → access token → signed call",
    async (profile) => {
      let received: Record<string, string> | undefined;
      const app = createServer((req, res) => {
        let body = "";
        req.on("data", (c: Buffer) => (body += c.toString()));
        req.on("end", () => {
          if (req.method === "POST") received = Object.fromEntries(new URLSearchParams(body));
          res.writeHead(200, { "content-type": "text/plain" });
          res.end("ok");
        });
      });
      const appPort = await listenLocal(app);
      const appUrl = `http://127.0.0.1:${appPort}`;
      const ds = await startDevStore({ port: 0, profile });
      try {
        const integ = await adminJson<{ id: number }>(`${ds.url}/admin/api/integrations`, {
          name: "handshake",
          endpoint: `${appUrl}/api/integration/callback`,
          identityLinkUrl: `${appUrl}/integration/identity`,
          resources: ["Magento_Catalog::products"],
        });
        await adminJson(`${ds.url}/admin/api/integrations/${integ.id}/activate`);
        expect(received).toBeDefined();
        const cb = received!;
        const consumerSecret = cb.oauth_consumer_secret ?? cb.oauth_consumer_key_secret!;
        const common = { storeBaseUrl: cb.store_base_url!, consumerKey: cb.oauth_consumer_key!, consumerSecret };
        const req = await fetchRequestToken(common);
        const acc = await fetchAccessToken({
          ...common,
          requestToken: req.token,
          verifier: cb.oauth_verifier!,
          signature: req.signature,
        });
        const client = createMagentoClient({
          baseUrl: cb.store_base_url!,
          auth: {
            kind: "oauth",
            consumerKey: common.consumerKey,
            consumerSecret,
            accessToken: acc.token.token,
            accessTokenSecret: acc.token.tokenSecret,
          },
          signature: acc.signature,
        });
        const res = await client.request<{ items: unknown[] }>({
          method: "GET",
          path: "/V1/products",
          searchCriteria: searchCriteria().pageSize(2),
        });
        expect(res.data.items).toHaveLength(2);
        // not granted: orders → 401 with the ACL resource named in the hint
        const denied = (await client
          .request({ method: "GET", path: "/V1/orders" })
          .catch((e: unknown) => e)) as MagentoApiError;
        expect(denied.code).toBe("not_authorized");
        expect(denied.hint).toMatch(/Magento_Sales/);
        // the request token is one-shot
        const again = await fetchRequestToken(common).catch((e: unknown) => e);
        expect(again).toMatchObject({ status: 401, kind: "oauth_problem" });
      } finally {
        await ds.close();
        await closeServer(app);
      }
    },
  );

  it("admin token → Bearer schema call", async () => {
    const ds = await startDevStore({ port: 0, profile: "2.4.7" });
    try {
      const token = await fetchAdminToken({ baseUrl: ds.storeBaseUrl, username: "admin", password: "admin123" });
      const client = createMagentoClient({ baseUrl: ds.storeBaseUrl, auth: { kind: "bearer", token } });
      const schema = await client.call<"getSchema", { swagger?: string; paths?: object }>("getSchema");
      expect(schema.status).toBe(200);
      expect(schema.data.paths).toBeDefined();
    } finally {
      await ds.close();
    }
  });
});
