import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { routesMarkdown } from "../src/rest/routes-doc";
import { isAnonymous, routeOperationId, routesFor } from "../src/rest/route";
import { ROUTES as ALL_ROUTES } from "../src/rest/routes/index";
import { swaggerPath } from "../src/rest/schema";
import { swaggerPageHtml } from "../src/rest/swagger-page";
import {
  ADMIN,
  customer,
  GUEST,
  harness,
  integration,
  sharedData,
  type Harness,
} from "../../../tests/helpers/devstore-rest-harness";

/** What the default (open-source) store serves. */
const ROUTES = routesFor(ALL_ROUTES, "open-source");

let h: Harness;
beforeAll(() => {
  h = harness({}, sharedData());
});

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      { operationId: string; tags: string[]; parameters: { name: string; in: string }[]; "x-acl-resource": string }
    >
  >;
  basePath: string;
  host: string;
  swagger: string;
  securityDefinitions: Record<string, unknown>;
  tags: { name: string }[];
};

describe("schema", () => {
  it("requires an admin bearer caller", async () => {
    for (const caller of [GUEST, customer(1), integration("all")]) {
      h.as(caller);
      const r = await h.get("/rest/default/schema");
      expect(r.status).toBe(401);
      expect(r.json).toEqual({
        message: "The consumer isn't authorized to access %resources.",
        parameters: { resources: "Magento_Backend::admin" },
      });
    }
    h.as(ADMIN);
    expect((await h.get("/rest/default/schema")).status).toBe(200);
  });

  it("describes exactly the served routes: one operation per route, Magento-style operationIds", async () => {
    h.as(ADMIN);
    const doc = (await h.get("/rest/default/schema")).json as Doc;
    expect(doc.swagger).toBe("2.0");
    expect(doc.basePath).toBe("/rest/default");
    expect(doc.host).toBe("store.test:8080");
    expect(doc.securityDefinitions).toHaveProperty("api_key");
    const described = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([m, op]) => `${m.toUpperCase()} ${path} ${op.operationId}`),
    );
    const served = ROUTES.map((r) => `${r.method} ${swaggerPath(r.path)} ${routeOperationId(r)}`);
    expect(described.sort()).toEqual(served.sort());
    expect(new Set(served.map((s) => s.split(" ")[2])).size).toBe(ROUTES.length);
    expect(doc.paths["/V1/products"]!.get!.operationId).toBe("catalogProductRepositoryV1GetListGet");
    expect(doc.paths["/V1/products/{sku}"]!.put!.operationId).toBe("catalogProductRepositoryV1SavePut");
    expect(doc.tags.map((t) => t.name)).toEqual([...new Set(ROUTES.map((r) => r.service))]);
  });

  it("every described operation is callable: its path and method route to the handler (no 404 route miss)", async () => {
    h.as(ADMIN);
    const doc = (await h.get("/rest/default/schema")).json as Doc;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        if (method !== "get") continue;
        const url = `/rest/default${path.replace(/\{[^}]+\}/g, "1")}${path.includes("search") || methods[method]!.parameters.some((p) => p.name.startsWith("searchCriteria")) ? "?searchCriteria[pageSize]=1" : ""}`;
        const r = await h.get(url);
        expect(r.json, url).not.toEqual({ message: "Request does not match any route." });
      }
    }
  });

  it("parameters: path params, searchCriteria query params, body", async () => {
    const doc = (await h.get("/rest/default/schema")).json as Doc;
    const get = doc.paths["/V1/products/{sku}"]!.get!;
    expect(get.parameters).toContainEqual(expect.objectContaining({ name: "sku", in: "path", required: true }));
    const list = doc.paths["/V1/orders"]!.get!;
    expect(list.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        "searchCriteria[filterGroups][0][filters][0][field]",
        "searchCriteria[pageSize]",
        "searchCriteria[currentPage]",
        "searchCriteria[sortOrders][0][direction]",
      ]),
    );
    const post = doc.paths["/V1/products"]!.post!;
    const body = post.parameters.find((p) => p.in === "body") as unknown as {
      schema: { properties: Record<string, unknown>; required: string[] };
    };
    expect(body.schema.required).toEqual(["product"]);
    expect(doc.paths["/V1/categories/{categoryId}/move"]!.put!["x-acl-resource"]).toBe("Magento_Catalog::categories");
    expect(doc.paths["/V1/directory/countries"]!.get!["x-acl-resource"]).toBe("anonymous");
  });

  it("?services= filters by service; unknown services are refused; store code and index.php shape basePath", async () => {
    const doc = (await h.get("/rest/fr/schema?services=catalogProductRepositoryV1,cmsPageRepositoryV1")).json as Doc;
    expect(doc.basePath).toBe("/rest/fr");
    const ops = Object.values(doc.paths).flatMap((m) => Object.values(m));
    expect(new Set(ops.map((o) => o.tags[0]))).toEqual(new Set(["catalogProductRepositoryV1", "cmsPageRepositoryV1"]));
    expect(ops.length).toBe(
      ROUTES.filter((r) => r.service === "catalogProductRepositoryV1" || r.service === "cmsPageRepositoryV1").length,
    );
    expect((await h.get("/rest/default/schema?services=all")).json.paths).toEqual(
      (await h.get("/rest/default/schema")).json.paths,
    );
    expect((await h.get("/rest/default/schema?services=nopeV1")).status).toBe(400);
    const viaIndex = harness({ baseUrl: () => "http://shop.test/index.php/" }, h.data);
    viaIndex.as(ADMIN);
    expect((await viaIndex.get("/index.php/rest/default/schema")).json.basePath).toBe("/index.php/rest/default");
  });
});

describe("swagger page", () => {
  it("embeds only anonymous operations and the schema URL; needs a token for Try it out", () => {
    const html = swaggerPageHtml("http://127.0.0.1:3100/");
    const boot = JSON.parse(/const BOOT = (.*);\n/.exec(html)![1]!) as { schema: Doc; base: string };
    const ops = Object.values(boot.schema.paths)
      .flatMap((m) => Object.values(m))
      .map((o) => o.operationId)
      .sort();
    expect(ops).toEqual(ROUTES.filter(isAnonymous).map(routeOperationId).sort());
    expect(ops.length).toBeGreaterThan(0);
    expect(html).toContain('id="api_key"');
    expect(html).toContain("Try it out needs a bearer token");
    expect(html).toContain('rest/" + BOOT.storeCode + "/schema?services=all');
    expect(boot.base).toBe("http://127.0.0.1:3100/");
  });
});

describe("documentation", () => {
  it("the REST README lists exactly the route table (routes-doc.ts output)", () => {
    const readme = readFileSync(join(__dirname, "..", "src", "rest", "README.md"), "utf8");
    expect(readme.split("## Routes\n\n")[1]?.trim()).toBe(routesMarkdown().trim());
  });
});
