/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are read loosely in tests */
/**
 * The catalog around products: attributes and their options, attribute sets and groups (Catalog and Eav), media,
 * prices, custom options, links, websites, configurable, bundle and downloadable products, storefront tiles and
 * search. Writes are read back.
 */
import { describe, expect, it } from "vitest";
import { ADMIN, criteria, GUEST, harness } from "../../../tests/helpers/devstore-rest-harness";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex").toString("base64");

describe("attributes, sets and groups", () => {
  it("a new select attribute with options, assigned to a copied set, filters products", async () => {
    const h = harness();
    h.as(ADMIN);
    const attr = (
      await h.call("POST", "/rest/V1/products/attributes", {
        attribute: {
          attribute_code: "material",
          frontend_input: "select",
          default_frontend_label: "Material",
          scope: "global",
        },
      })
    ).json;
    expect(attr).toMatchObject({ attribute_code: "material", is_user_defined: true, backend_type: "int" });
    expect(
      (
        await h.call("POST", "/rest/V1/products/attributes", {
          attribute: { attribute_code: "material", default_frontend_label: "Again" },
        })
      ).json,
    ).toEqual({ message: "An attribute with the same code (%1) already exists.", parameters: ["material"] });
    const cotton = (
      await h.call("POST", "/rest/V1/products/attributes/material/options", { option: { label: "Cotton" } })
    ).json;
    expect(
      (await h.call("POST", "/rest/V1/products/attributes/material/options", { option: { label: "Cotton" } })).json
        .message,
    ).toContain("already exists");
    expect((await h.get("/rest/V1/products/attributes/material/options")).json).toContainEqual({
      label: "Cotton",
      value: cotton,
    });
    expect(
      (await h.call("POST", "/rest/V1/products/attributes/name/options", { option: { label: "x" } })).json,
    ).toEqual({ message: 'The "%1" attribute doesn\'t work with options.', parameters: ["name"] });

    const set = (
      await h.call("POST", "/rest/V1/products/attribute-sets", {
        attributeSet: { attribute_set_name: "Apparel" },
        skeletonId: 9,
      })
    ).json;
    const groups = (
      await h.get(
        `/rest/V1/products/attribute-sets/groups/list?${criteria({ groups: [[["attribute_set_id", String(set.attribute_set_id)]]] })}`,
      )
    ).json.items;
    expect(groups.map((g: any) => g.attribute_group_name)).toContain("Product Details");
    const details = groups.find((g: any) => g.attribute_group_name === "Product Details");
    expect(
      (
        await h.call("POST", "/rest/V1/products/attribute-sets/attributes", {
          attributeSetId: set.attribute_set_id,
          attributeGroupId: details.attribute_group_id,
          attributeCode: "material",
          sortOrder: 2,
        })
      ).json,
    ).toBe(attr.attribute_id);
    const codes = (await h.get(`/rest/V1/products/attribute-sets/${set.attribute_set_id}/attributes`)).json.map(
      (a: any) => a.attribute_code,
    );
    expect(codes).toEqual(expect.arrayContaining(["material", "color", "size", "name"]));

    await h.call("PUT", "/rest/V1/products/MS01-XS-Black", {
      product: { custom_attributes: [{ attribute_code: "material", value: cotton }] },
    });
    const found = (await h.get(`/rest/V1/products?${criteria({ groups: [[["material", cotton]]] })}`)).json;
    expect(found.items.map((p: any) => p.sku)).toEqual(["MS01-XS-Black"]);

    expect(
      (await h.call("DELETE", `/rest/V1/products/attribute-sets/${set.attribute_set_id}/attributes/name`)).json.message,
    ).toBe("The system attribute can't be deleted.");
    expect((await h.call("DELETE", "/rest/V1/products/attribute-sets/4")).json.message).toBe(
      "The default attribute set can't be deleted.",
    );
    expect((await h.call("DELETE", "/rest/V1/products/attributes/material")).json).toBe(true);
    // The attribute is gone from the set and from the searchable fields (EAV: 400).
    expect((await h.get(`/rest/V1/products?${criteria({ groups: [[["material", cotton]]] })}`)).status).toBe(400);
  });

  it("Eav attribute sets of any entity type; categories' attributes; customer metadata per form", async () => {
    const h = harness();
    h.as(ADMIN);
    const created = (
      await h.call("POST", "/rest/V1/eav/attribute-sets", {
        entityTypeCode: "catalog_category",
        attributeSet: { attribute_set_name: "Landing pages" },
        skeletonId: 3,
      })
    ).json;
    expect(created.entity_type_id).toBe(3);
    expect((await h.get(`/rest/V1/products/attribute-sets/${created.attribute_set_id}`)).json.message).toBe(
      "Provided Attribute set non product Attribute set.",
    );
    expect((await h.get("/rest/V1/eav/attribute-sets/list?searchCriteria=")).json.total_count).toBe(6);
    expect(
      (
        await h.call("POST", "/rest/V1/eav/attribute-sets", {
          entityTypeCode: "widget",
          attributeSet: { attribute_set_name: "x" },
          skeletonId: 3,
        })
      ).status,
    ).toBe(400);
    expect(
      (await h.get("/rest/V1/categories/attributes/display_mode/options")).json.map((o: any) => o.value),
    ).toContain("PRODUCTS");
    const form = (await h.get("/rest/V1/attributeMetadata/customer/form/customer_account_create")).json.map(
      (m: any) => m.attribute_code,
    );
    expect(form).toEqual(expect.arrayContaining(["firstname", "lastname", "email"]));
    expect(form).not.toContain("group_id");
    expect((await h.get("/rest/V1/attributeMetadata/customerAddress/attribute/street")).json.multiline_count).toBe(2);
    expect((await h.get("/rest/V1/attributeMetadata/customer/form/nope")).json).toEqual({
      message: "No such entity with %fieldName = %fieldValue",
      parameters: { fieldName: "formCode", fieldValue: "nope" },
    });
  });
});

describe("media, prices, options, links, websites", () => {
  it("writes come back on the product", async () => {
    const h = harness();
    h.as(ADMIN);
    const entryId = (
      await h.call("POST", "/rest/V1/products/24-MB01/media", {
        entry: {
          media_type: "image",
          label: "Side",
          types: ["thumbnail"],
          content: { base64_encoded_data: PNG, type: "image/png", name: "side.png" },
        },
      })
    ).json;
    const media = (await h.get("/rest/V1/products/24-MB01/media")).json;
    expect(media.find((e: any) => e.id === entryId)).toMatchObject({
      label: "Side",
      types: ["thumbnail"],
      file: "/s/i/side-24-mb01.png",
    });
    // The thumbnail role moved to the new entry.
    expect(media.filter((e: any) => e.types.includes("thumbnail"))).toHaveLength(1);
    expect(
      (
        await h.call("POST", "/rest/V1/products/24-MB01/media", {
          entry: { content: { base64_encoded_data: PNG, type: "text/html", name: "x.png" } },
        })
      ).json.message,
    ).toBe("The image MIME type is not valid or not supported.");

    expect((await h.call("POST", "/rest/V1/products/24-MB01/group-prices/1/tiers/5/price/30")).json).toBe(true);
    expect((await h.get("/rest/V1/products/24-MB01/group-prices/1/tiers")).json).toEqual([
      { customer_group_id: 1, qty: 5, value: 30, extension_attributes: { website_id: 0 } },
    ]);
    const errors = (
      await h.call("POST", "/rest/V1/products/special-price", {
        prices: [
          {
            sku: "24-MB01",
            price: 29.5,
            store_id: 0,
            price_from: "2025-01-01 00:00:00",
            price_to: "2025-02-01 00:00:00",
          },
          { sku: "NO-SUCH", price: 1, store_id: 0 },
        ],
      })
    ).json;
    expect(errors).toEqual([
      { message: "Requested product doesn't exist. SKU: %SKU.", parameters: { SKU: "NO-SUCH" } },
    ]);
    expect((await h.call("POST", "/rest/V1/products/special-price-information", { skus: ["24-MB01"] })).json).toEqual([
      { price: 29.5, store_id: 0, sku: "24-MB01", price_from: "2025-01-01 00:00:00", price_to: "2025-02-01 00:00:00" },
    ]);
    expect(
      (await h.call("POST", "/rest/V1/products/base-prices", { prices: [{ sku: "24-MB01", price: 36, store_id: 0 }] }))
        .json,
    ).toEqual([]);
    expect(h.data.product("24-MB01")!.price).toBe(36);

    const option = (
      await h.call("POST", "/rest/V1/products/options", {
        option: {
          product_sku: "24-MB01",
          title: "Monogram",
          type: "field",
          price: 5,
          price_type: "fixed",
          max_characters: 3,
          is_require: false,
        },
      })
    ).json;
    expect((await h.get(`/rest/V1/products/24-MB01/options/${option.option_id}`)).json.title).toBe("Monogram");
    expect(
      (
        await h.call("POST", "/rest/V1/products/options", {
          option: { product_sku: "24-MB01", title: "Colour", type: "drop_down" },
        })
      ).json.message,
    ).toContain("values are not specified");

    expect(
      (
        await h.call("POST", "/rest/V1/products/24-MB01/links", {
          items: [{ sku: "24-MB01", link_type: "crosssell", linked_product_sku: "24-UG06", position: 1 }],
        })
      ).json,
    ).toBe(true);
    expect(
      (await h.get("/rest/V1/products/24-MB01/links/crosssell")).json.map((l: any) => l.linked_product_sku),
    ).toEqual(["24-UG06"]);
    expect((await h.call("DELETE", "/rest/V1/products/24-MB01/links/crosssell/24-UG06")).json).toBe(true);
    expect((await h.call("DELETE", "/rest/V1/products/24-MB01/links/crosssell/24-UG06")).status).toBe(404);

    expect((await h.call("DELETE", "/rest/V1/products/24-MB01/websites/1")).json).toBe(true);
    expect(h.data.product("24-MB01")!.extension_attributes.website_ids).toEqual([]);
    expect(
      (
        await h.call("PUT", "/rest/V1/products/24-MB01/websites", {
          productWebsiteLink: { sku: "24-MB01", website_id: 1 },
        })
      ).json,
    ).toBe(true);
  });
});

describe("configurable, bundle and downloadable products", () => {
  it("configurable: options, children, a new child with its own combination", async () => {
    const h = harness();
    h.as(ADMIN);
    const options = (await h.get("/rest/V1/configurable-products/MJ01/options/all")).json;
    expect(options.map((o: any) => o.label)).toEqual(["Size", "Color"]);
    const children = (await h.get("/rest/V1/configurable-products/MJ01/children")).json;
    expect(children).toHaveLength(15);
    const sizes = new Set(
      children.map((c: any) => c.custom_attributes.find((a: any) => a.attribute_code === "size").value),
    );
    expect(sizes.size).toBe(5);
    const duplicate = children[0];
    await h.call("POST", "/rest/V1/products", {
      product: {
        sku: "MJ01-COPY",
        name: "Copy",
        price: 50,
        type_id: "simple",
        custom_attributes: duplicate.custom_attributes.filter(
          (a: any) => a.attribute_code === "size" || a.attribute_code === "color",
        ),
      },
    });
    expect(
      (await h.call("POST", "/rest/V1/configurable-products/MJ01/child", { childSku: "MJ01-COPY" })).json.message,
    ).toBe('Products "%1" and "%2" have the same set of attribute values.');
    expect((await h.call("DELETE", `/rest/V1/configurable-products/MJ01/children/${duplicate.sku}`)).json).toBe(true);
    expect((await h.call("POST", "/rest/V1/configurable-products/MJ01/child", { childSku: "MJ01-COPY" })).json).toBe(
      true,
    );
    expect((await h.get("/rest/V1/configurable-products/24-MB01/options/all")).json.message).toBe(
      'This is implemented for the "%1" configurable product only.',
    );
    const variations = (
      await h.call("PUT", "/rest/V1/configurable-products/variation", {
        product: { sku: "NEW", name: "New Tee", price: 20 },
        options: [
          { attribute_id: "144", values: [{ value_index: 167 }, { value_index: 168 }] },
          { attribute_id: "93", values: [{ value_index: 49 }] },
        ],
      })
    ).json;
    expect(variations.map((v: any) => v.sku)).toEqual(["NEW-XS-Black", "NEW-S-Black"]);
  });

  it("bundle: options and their products", async () => {
    const h = harness();
    h.as(ADMIN);
    const optionId = (
      await h.call("POST", "/rest/V1/bundle-products/options/add", {
        option: {
          sku: "24-WG080",
          title: "Water bottle",
          type: "radio",
          required: false,
          product_links: [{ sku: "24-UG06", qty: 1, is_default: true }],
        },
      })
    ).json;
    expect(
      (await h.get(`/rest/V1/bundle-products/24-WG080/options/${optionId}`)).json.product_links.map((l: any) => l.sku),
    ).toEqual(["24-UG06"]);
    const linkId = (
      await h.call("POST", `/rest/V1/bundle-products/24-WG080/links/${optionId}`, {
        linkedProduct: { sku: "24-UG04", qty: 2 },
      })
    ).json;
    expect(
      (await h.call("PUT", `/rest/V1/bundle-products/24-WG080/links/${linkId}`, { linkedProduct: { qty: 3 } })).json,
    ).toBe(true);
    expect(
      (await h.get(`/rest/V1/bundle-products/24-WG080/children?optionId=${optionId}`)).json.map((l: any) => [
        l.sku,
        l.qty,
      ]),
    ).toEqual([
      ["24-UG06", 1],
      ["24-UG04", 3],
    ]);
    expect(
      (await h.call("POST", `/rest/V1/bundle-products/24-WG080/links/${optionId}`, { linkedProduct: { sku: "MJ01" } }))
        .json.message,
    ).toBe("The bundle product can't contain another composite product.");
    expect(
      (await h.call("DELETE", `/rest/V1/bundle-products/24-WG080/options/${optionId}/children/24-UG04`)).json,
    ).toBe(true);
    expect((await h.call("DELETE", `/rest/V1/bundle-products/24-WG080/options/${optionId}`)).json).toBe(true);
    expect((await h.get("/rest/V1/bundle-products/24-MB01/options/all")).json.message).toBe(
      'The product with the "%1" SKU isn\'t a bundle product.',
    );
  });

  it("downloadable: links and samples", async () => {
    const h = harness();
    h.as(ADMIN);
    const id = (
      await h.call("POST", "/rest/V1/products/240-LV04/downloadable-links", {
        link: {
          title: "Bonus",
          price: 2,
          number_of_downloads: 5,
          link_type: "url",
          link_url: "https://downloads.example.test/bonus.mp4",
        },
      })
    ).json;
    expect(
      (await h.get("/rest/V1/products/240-LV04/downloadable-links")).json.find((l: any) => l.id === id),
    ).toMatchObject({ title: "Bonus", link_url: "https://downloads.example.test/bonus.mp4" });
    expect(
      (
        await h.call("POST", "/rest/V1/products/240-LV04/downloadable-links", {
          link: { title: "Bad", link_type: "url", link_url: "not a url" },
        })
      ).json.message,
    ).toBe("Link URL must have valid format.");
    expect(
      (
        await h.call("POST", "/rest/V1/products/24-MB01/downloadable-links", {
          link: { title: "x", link_type: "url", link_url: "https://a.example.test/x" },
        })
      ).json.message,
    ).toBe("The product needs to be the downloadable type. Verify the product and try again.");
    expect((await h.call("DELETE", `/rest/V1/products/downloadable-links/${id}`)).json).toBe(true);
    expect((await h.call("DELETE", `/rest/V1/products/downloadable-links/${id}`)).json.message).toBe(
      "No downloadable link with the provided ID was found. Verify the ID and try again.",
    );
    const samples = (await h.get("/rest/V1/products/240-LV04/downloadable-links/samples")).json;
    expect(samples[0].title).toBe("Trailer");
  });
});

describe("storefront", () => {
  it("products-render-info for a store and currency; the search API by request name", async () => {
    const h = harness();
    h.as(GUEST);
    const tiles = (
      await h.get(
        `/rest/V1/products-render-info?storeId=2&currencyCode=EUR&${criteria({ groups: [[["sku", "24-MB01"]]] })}`,
      )
    ).json;
    expect(tiles.items[0]).toMatchObject({
      name: "Joust Duffle Bag",
      currency_code: "EUR",
      store_id: 2,
      is_salable: "1",
    });
    expect(tiles.items[0].price_info.regular_price).toBeCloseTo(34 * 0.9211, 4);
    expect((await h.get("/rest/V1/products-render-info?searchCriteria=")).json).toEqual({
      message: "One or more input exceptions have occurred.",
      errors: [
        { message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: "storeId" } },
        { message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName: "currencyCode" } },
      ],
    });
    const found = (
      await h.get(
        "/rest/V1/search?searchCriteria[requestName]=quick_search_container&searchCriteria[filter_groups][0][filters][0][field]=search_term&searchCriteria[filter_groups][0][filters][0][value]=duffle",
      )
    ).json;
    expect(found.total_count).toBeGreaterThan(0);
    expect(h.data.productsById.get(found.items[0].id)!.name).toMatch(/Duffle/);
    expect((await h.get("/rest/V1/search?searchCriteria[requestName]=nope")).json.message).toBe(
      "Request name not defined.",
    );
  });
});
