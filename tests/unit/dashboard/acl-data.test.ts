import { describe, expect, it } from "vitest";
import { RESOURCE_ROUTES, RESOURCE_TITLES, resourceOfRoute } from "@/lib/dashboard/acl-data";
import { aclAdvice } from "@/lib/dashboard/acl-resources";
import { routeKey } from "@/lib/dashboard/explorer-search";
import { CATALOGUE } from "@magento-integration/client";
import { ROUTES } from "../../../packages/devstore/src/rest/routes/index";
import { ACL_TREE, type AclNode } from "../../../packages/devstore/src/acl";

describe("ACL data", () => {
  it("names the same resource for every route as the dev store's route table (both from Magento's webapi.xml)", () => {
    for (const r of ROUTES) {
      const key = routeKey(r.method, r.path.replace(/:([A-Za-z_]+)/g, "{$1}"));
      expect(resourceOfRoute(key), key).toBe(r.aclResource);
    }
  });

  it("knows the resource of every REST operation of the catalogue", () => {
    const missing = CATALOGUE.filter(
      (o) => o.base === "rest" && o.kind !== "schema" && !resourceOfRoute(routeKey(o.method, o.path)),
    ).map((o) => o.id);
    expect(missing).toEqual([]);
  });

  it("has the admin tree's title path of every resource the routes use", () => {
    const titles: Record<string, string> = {};
    const walk = (nodes: AclNode[], prefix: string[]) => {
      for (const n of nodes) {
        titles[n.id] = [...prefix, n.title].join(" › ");
        if (n.children) walk(n.children, [...prefix, n.title]);
      }
    };
    walk(ACL_TREE, []);
    expect(RESOURCE_TITLES).toEqual(titles);
    const used = Object.keys(RESOURCE_ROUTES).filter(
      (r) => r !== "anonymous" && r !== "self" && r !== "Magento_Backend::admin",
    );
    expect(used.filter((r) => !RESOURCE_TITLES[r])).toEqual([]);
  });
});

describe("advice for a refused resource", () => {
  it("self: no integration can be granted it, so no checkbox is named", () => {
    const a = aclAdvice("self");
    expect(a.kind).toBe("customer_only");
    expect(a.advice).not.toMatch(/tick|API tab/i);
  });

  it("Magento_Backend::admin: Resource Access All, not a checkbox", () => {
    const a = aclAdvice("Magento_Backend::admin");
    expect(a.kind).toBe("all");
    expect(a.advice).toContain("Resource Access to “All”");
  });

  it("a real checkbox: named by its place in the tree", () => {
    const a = aclAdvice("Magento_Catalog::products");
    expect(a.kind).toBe("checkbox");
    expect(a.advice).toContain(`“${RESOURCE_TITLES["Magento_Catalog::products"]}”`);
  });
});
