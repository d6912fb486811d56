import { beforeAll, describe, expect, it } from "vitest";
import { createRestHandler } from "../src/rest/handler";
import { isAnonymous, isCustomerSelf, routesFor } from "../src/rest/route";
import { ROUTES } from "../src/rest/routes/index";
import { RestError, type Caller } from "../src/rest/types";
import {
  ADMIN,
  customer,
  GUEST,
  harness,
  integration,
  sharedData,
  type Harness,
} from "../../../tests/helpers/devstore-rest-harness";

let h: Harness;
beforeAll(() => {
  h = harness({}, sharedData());
  h.as(ADMIN);
});

const NO_ROUTE = { message: "Request does not match any route." };

describe("addressing", () => {
  it.each([
    "/rest/V1/products/ABC%2F10",
    "/rest/default/V1/products/ABC%2F10",
    "/rest/fr/V1/products/ABC%2F10",
    "/rest/all/V1/products/ABC%2F10",
    "/index.php/rest/V1/products/ABC%2F10",
    "/index.php/rest/fr/V1/products/ABC%2F10",
    "/rest/V1/products/ABC%2F10/",
  ])("%s reaches the product ABC/10", async (url) => {
    const r = await h.get(url);
    expect(r.status).toBe(200);
    expect(r.json.sku).toBe("ABC/10");
  });

  // magento/magento2 app/code/Magento/Webapi/Controller/Rest/Router/Route.php::match: parameters are urldecode()d
  // (so a raw `+` is a space), literal parts are compared as sent (an escaped literal matches nothing).
  it("path parameters are urldecoded per segment (%2F, %20, + → space); escaped literals are not routed", async () => {
    expect((await h.get("/rest/V1/products/24-MB%2001")).json.sku).toBe("24-MB 01");
    expect((await h.get("/rest/V1/products/WS%2008%2FXS%2FRed")).json.sku).toBe("WS 08/XS/Red");
    expect((await h.get("/rest/V1/products/24-MB+01")).json.sku).toBe("24-MB 01");
    expect((await h.get("/rest/V1/products/TEE%2BPLUS")).json.sku).toBe("TEE+PLUS");
    expect((await h.get("/rest/V1/products/TEE+PLUS")).status).toBe(404);
    for (const url of [
      "/rest/V1/product%73/ABC%2F10",
      "/rest/V1/products%2FABC%2F10",
      "/rest/%56%31/products/ABC%2F10",
    ]) {
      const r = await h.get(url);
      expect(r.status, url).toBe(404);
      expect(r.json, url).toEqual(NO_ROUTE);
    }
    // An unescaped slash is a path separator, so the route does not match.
    expect((await h.get("/rest/V1/products/ABC/10")).json).toEqual(NO_ROUTE);
  });

  it("an unknown store code (or admin) matches no route, like Magento's path processor", async () => {
    for (const url of [
      "/rest/nl/V1/products/ABC%2F10",
      "/rest/admin/V1/products/ABC%2F10",
      "/rest/DEFAULT/V1/products/ABC%2F10",
    ]) {
      const r = await h.get(url);
      expect(r.status).toBe(404);
      expect(r.json).toEqual(NO_ROUTE);
    }
  });

  // magento/magento2 app/code/Magento/Webapi/Controller/PathProcessor.php::process: `all` sets the admin store for
  // whatever route follows.
  it("`all` selects the admin store on every route", async () => {
    for (const url of [
      "/rest/all/V1/cmsPage/2",
      "/rest/all/V1/orders/1",
      "/rest/all/V1/customers/1",
      "/rest/all/V1/categories/3",
      "/rest/all/V1/store/storeViews",
      "/rest/all/V1/taxRates/1",
    ]) {
      expect((await h.get(url)).status, url).toBe(200);
    }
    // The admin store's display currency is the base currency; the French view's is EUR.
    expect((await h.get("/rest/all/V1/directory/currency")).json.default_display_currency_code).toBe("USD");
    expect((await h.get("/rest/fr/V1/directory/currency")).json.default_display_currency_code).toBe("EUR");
    // A cart created under `all` belongs to the admin store (id 0 falls back to the default view, as Magento's quote does).
    expect((await h.call("POST", "/rest/all/V1/carts/")).status).toBe(200);
  });

  it("unknown paths and wrong methods → 404 Request does not match any route.", async () => {
    for (const [method, url] of [
      ["GET", "/rest/V1/nothing"],
      ["PATCH", "/rest/V1/products/ABC%2F10"],
      ["POST", "/rest/V1/orders/1"],
      ["GET", "/rest/V2/products/x"],
      ["GET", "/rest"],
      ["GET", "/something/else"],
    ] as const) {
      const r = await h.call(method, url);
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.json).toEqual(NO_ROUTE);
    }
  });

  it("literal segments win over parameters (search, me, types)", async () => {
    expect((await h.get("/rest/V1/customers/search?searchCriteria[pageSize]=1")).json.total_count).toBe(
      h.data.customers.size,
    );
    expect((await h.get("/rest/V1/products/types")).json.map((t: { name: string }) => t.name)).toContain(
      "configurable",
    );
    expect((await h.get("/rest/V1/categories/list?searchCriteria=")).json.total_count).toBe(h.data.categories.size);
  });

  it("store views, groups, websites, storeConfigs (base URLs from the request host)", async () => {
    const views = (await h.get("/rest/V1/store/storeViews")).json;
    expect(views.map((v: { code: string }) => v.code)).toEqual(["admin", "default", "fr"]);
    const configs = (await h.get("/rest/V1/store/storeConfigs")).json;
    expect(configs.map((c: { code: string }) => c.code)).toEqual(["default", "fr"]);
    expect(configs[0].base_url).toBe("http://store.test:8080/");
    expect(configs[0].base_media_url).toBe("http://store.test:8080/media/");
    const only = (await h.get("/rest/V1/store/storeConfigs?storeCodes[]=fr")).json;
    expect(only.map((c: { code: string }) => c.code)).toEqual(["fr"]);
    expect((await h.get("/rest/V1/store/websites")).json.map((w: { code: string }) => w.code)).toEqual([
      "admin",
      "base",
    ]);
    expect((await h.get("/rest/V1/store/storeGroups")).json).toHaveLength(2);
  });

  it("directory: currency per store view, countries with US regions, unknown country", async () => {
    expect((await h.get("/rest/V1/directory/currency")).json.default_display_currency_code).toBe("USD");
    expect((await h.get("/rest/fr/V1/directory/currency")).json.default_display_currency_code).toBe("EUR");
    const countries = (await h.get("/rest/V1/directory/countries")).json;
    expect(countries.length).toBeGreaterThanOrEqual(24);
    const us = (await h.get("/rest/V1/directory/countries/US")).json;
    expect(us.available_regions.find((r: { code: string }) => r.code === "TX")).toEqual({
      id: "57",
      code: "TX",
      name: "Texas",
    });
    const none = await h.get("/rest/V1/directory/countries/XX");
    expect(none.status).toBe(404);
    expect(none.json).toEqual({ message: "The country isn't available." });
  });

  it("modules lists Magento_* names", async () => {
    const r = await h.get("/rest/V1/modules");
    expect(r.json).toContain("Magento_Catalog");
    expect(r.json.every((m: string) => /^Magento_[A-Za-z]+$/.test(m))).toBe(true);
  });
});

describe("ACL", () => {
  const denied = (resource: string) => ({
    message: "The consumer isn't authorized to access %resources.",
    parameters: { resources: resource },
  });

  it("an integration needs the route's resource itself: a stored parent does not cover its children", async () => {
    h.as(integration(["Magento_Sales::actions_view"]));
    expect((await h.get("/rest/V1/orders/1")).status).toBe(200);
    const r = await h.get("/rest/V1/products/ABC%2F10");
    expect(r.status).toBe(401);
    expect(r.json).toEqual(denied("Magento_Catalog::products"));
    expect((await h.call("POST", "/rest/V1/orders/1/hold")).json).toEqual(denied("Magento_Sales::hold"));
    h.as(integration(["Magento_Catalog::catalog"]));
    expect((await h.get("/rest/V1/products/ABC%2F10")).json).toEqual(denied("Magento_Catalog::products"));
    h.as(integration(["Magento_Catalog::catalog", "Magento_Catalog::catalog_inventory", "Magento_Catalog::products"]));
    expect((await h.get("/rest/V1/products/ABC%2F10")).status).toBe(200);
    expect((await h.get("/rest/V1/categories/3")).json).toEqual(denied("Magento_Catalog::categories"));
    // Customer/etc/webapi.xml: reading a customer needs Magento_Customer::customer (writing ::manage).
    expect((await h.get("/rest/V1/customers/1")).json).toEqual(denied("Magento_Customer::customer"));
    h.as(integration(["Magento_Customer::customer"]));
    expect((await h.get("/rest/V1/customers/1")).status).toBe(200);
    expect((await h.call("DELETE", "/rest/V1/customers/1")).json).toEqual(denied("Magento_Customer::manage"));
    h.as(integration("all"));
    expect((await h.get("/rest/V1/modules")).status).toBe(200);
    h.as(ADMIN);
  });

  it("every non-anonymous route refuses a guest with its own resource", async () => {
    h.as(GUEST);
    for (const route of routesFor(ROUTES, "open-source").filter((r) => !isAnonymous(r))) {
      const path = route.path.replace(/:([A-Za-z_]+)/g, "1");
      const r = await h.call(
        route.method,
        `/rest/V1${path.slice(3)}${route.searchCriteria ? "?searchCriteria=" : ""}`,
        route.method === "GET" ? undefined : {},
      );
      expect(r.status, `${route.method} ${route.path}`).toBe(401);
      expect(r.json).toEqual(denied(isCustomerSelf(route) ? "self" : route.aclResource));
    }
    h.as(ADMIN);
  });

  it("guests reach anonymous routes; a failing authenticate does not matter there", async () => {
    h.as(GUEST);
    expect((await h.get("/rest/V1/directory/countries/FR")).json.full_name_english).toBe("France");
    expect(
      (await h.call("POST", "/rest/V1/customers/isEmailAvailable", { customerEmail: "roni_cost@example.com" })).json,
    ).toBe(false);
    expect(
      (await h.call("POST", "/rest/V1/customers/isEmailAvailable", { customerEmail: "nobody@example.com" })).json,
    ).toBe(true);
    h.as(ADMIN);
    const throwing = createRestHandler({
      data: h.data,
      authenticate: () => {
        throw new RestError(401, "The signature is invalid. Verify and try again.");
      },
    });
    const anon = await throwing({ method: "GET", rawUrl: "/rest/V1/directory/countries/FR", headers: {}, body: "" });
    expect(anon.status).toBe(200);
    const guarded = await throwing({ method: "GET", rawUrl: "/rest/V1/products/ABC%2F10", headers: {}, body: "" });
    expect(guarded).toEqual({ status: 401, body: { message: "The signature is invalid. Verify and try again." } });
  });

  it("a customer reaches only `me` (and anonymous) routes; others cannot use `me`", async () => {
    h.as(customer(1));
    const me = await h.get("/rest/V1/customers/me");
    expect(me.status).toBe(200);
    expect(me.json.email).toBe("roni_cost@example.com");
    expect((await h.get("/rest/V1/customers/1")).json).toEqual(denied("Magento_Customer::customer"));
    expect((await h.get("/rest/V1/products/ABC%2F10")).status).toBe(401);
    for (const caller of [ADMIN, integration("all"), GUEST] as Caller[]) {
      h.as(caller);
      const r = await h.get("/rest/V1/customers/me");
      expect(r.status).toBe(401);
      expect(r.json).toEqual(denied("self"));
    }
    h.as(ADMIN);
  });

  it("an unroutable path answers 404 before authentication", async () => {
    const throwing = createRestHandler({
      data: h.data,
      authenticate: () => {
        throw new RestError(401, "Specified token does not exist");
      },
    });
    const r = await throwing({ method: "GET", rawUrl: "/rest/V1/nope", headers: {}, body: "" });
    expect(r).toEqual({ status: 404, body: NO_ROUTE });
  });
});

describe("errors", () => {
  it("NoSuchEntity messages per repository", async () => {
    const cases: [string, unknown][] = [
      [
        "/rest/V1/products/NOPE-404",
        { message: "The product that was requested doesn't exist. Verify the product and try again." },
      ],
      [
        "/rest/V1/stockItems/NOPE-404",
        { message: "The product that was requested doesn't exist. Verify the product and try again." },
      ],
      [
        "/rest/V1/customers/9999",
        {
          message: "No such entity with %fieldName = %fieldValue",
          parameters: { fieldName: "customerId", fieldValue: 9999 },
        },
      ],
      [
        "/rest/V1/categories/9999",
        { message: "No such entity with %fieldName = %fieldValue", parameters: { fieldName: "id", fieldValue: 9999 } },
      ],
      [
        "/rest/V1/orders/99999",
        { message: "The entity that was requested doesn't exist. Verify the entity and try again." },
      ],
      [
        "/rest/V1/invoices/99999",
        { message: "The entity that was requested doesn't exist. Verify the entity and try again." },
      ],
      [
        "/rest/V1/shipment/99999",
        { message: "The entity that was requested doesn't exist. Verify the entity and try again." },
      ],
      [
        "/rest/V1/creditmemo/99999",
        { message: "The entity that was requested doesn't exist. Verify the entity and try again." },
      ],
      ["/rest/V1/cmsPage/999", { message: 'The CMS page with the "%1" ID doesn\'t exist.', parameters: ["999"] }],
      ["/rest/V1/cmsBlock/999", { message: 'The CMS block with the "%1" ID doesn\'t exist.', parameters: ["999"] }],
    ];
    for (const [url, body] of cases) {
      const r = await h.get(url);
      expect(r.status, url).toBe(404);
      expect(r.json, url).toEqual(body);
    }
  });

  it("input errors are 400: bad JSON, missing wrapper, wrong type, unknown property", async () => {
    const bad = await h.call("POST", "/rest/V1/products", "{not json");
    expect(bad).toMatchObject({ status: 400, json: { message: "Decoding error." } });
    const missing = await h.call("POST", "/rest/V1/products", {});
    expect(missing.json).toEqual({
      message: '"%fieldName" is required. Enter and try again.',
      parameters: { fieldName: "product" },
    });
    const type = await h.get("/rest/V1/customers/abc");
    expect(type.status).toBe(400);
    expect(type.json.parameters).toEqual({ value: "abc", type: "int" });
    const unknown = await h.call("PUT", "/rest/V1/products/ABC%2F10", { product: { colour: "red" } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.parameters).toMatchObject({ fieldName: "colour", accessMethod: "getColour" });
  });

  it("an unexpected exception is a 500 with Magento's masked message", async () => {
    const boom = createRestHandler({
      data: h.data,
      authenticate: () => ADMIN,
      routes: [
        {
          method: "GET",
          path: "/V1/boom",
          service: "x",
          operation: "y",
          aclResource: "Magento_Backend::admin",
          summary: "",
          returns: "",
          handler: () => {
            throw new Error("secret detail");
          },
        },
      ],
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    const r = await boom({ method: "GET", rawUrl: "/rest/V1/boom", headers: {}, body: "" });
    console.error = original;
    expect(r.status).toBe(500);
    expect(JSON.stringify(r.body)).not.toContain("secret detail");
    expect((r.body as { message: string }).message).toMatch(
      /^Internal Error\. Details are available in Magento log file\. Report ID: webapi-[0-9a-f]+$/,
    );
  });
});
