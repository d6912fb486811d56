/**
 * The remembered signature choice under concurrent calls. The fake store plays family D with the reference
 * signer: a request whose query has a value needing escapes (a date) passes only in mode D, a plain one passes in
 * every mode. A plain call that started in standard and succeeds after another call fell back to D must not
 * switch the client back to standard.
 */
import { describe, expect, it } from "vitest";
import { createMagentoClient, searchCriteria, type SignatureChoice } from "../../src/magento/index.ts";
import { TEST_OAUTH as AUTH, verifiesAsFamilyD } from "../helpers/signed-call-check.ts";
import { counterNonce, fakeFetch, json } from "../helpers/fake-fetch.ts";

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("remembered signature choice under concurrent calls", () => {
  it("a call that started in standard and succeeds after another call fell back to D keeps D", async () => {
    const plainMayAnswer = deferred();
    const f = fakeFetch(async (call) => {
      if (call.url.includes("/store/websites")) await plainMayAnswer.promise; // the plain call answers last
      return verifiesAsFamilyD(call)
        ? json(200, { items: [], total_count: 0 })
        : json(401, { message: "The signature is invalid. Verify and try again." });
    });
    const reported: SignatureChoice[] = [];
    const client = createMagentoClient({
      baseUrl: "https://shop.example.com/",
      auth: AUTH,
      fetch: f.fetch,
      nonce: counterNonce(),
      onSignatureChoice: (c) => {
        reported.push(c);
      },
    });

    const plain = client.request({ method: "GET", path: "/V1/store/websites" }); // starts in standard
    const dated = client.request({
      method: "GET",
      path: "/V1/orders",
      searchCriteria: searchCriteria().where("created_at", "gt", "2024-10-25 00:00:00"),
    });
    expect((await dated).attempts).toBe(2); // standard refused, D accepted
    expect(client.signature).toEqual({ method: "HMAC-SHA256", mode: "D" });
    plainMayAnswer.resolve();
    expect((await plain).status).toBe(200);

    expect(client.signature).toEqual({ method: "HMAC-SHA256", mode: "D" });
    expect(reported).toEqual([{ method: "HMAC-SHA256", mode: "D" }]);
  });

  it("when nothing is confirmed yet, the first accepted call records its choice, and a later fallback replaces it", async () => {
    const f = fakeFetch((call) =>
      verifiesAsFamilyD(call)
        ? json(200, { items: [], total_count: 0 })
        : json(401, { message: "The signature is invalid. Verify and try again." }),
    );
    const reported: SignatureChoice[] = [];
    const client = createMagentoClient({
      baseUrl: "https://shop.example.com/",
      auth: AUTH,
      fetch: f.fetch,
      nonce: counterNonce(),
      onSignatureChoice: (c) => void reported.push(c),
    });
    await client.request({ method: "GET", path: "/V1/store/websites" });
    await client.request({ method: "GET", path: "/V1/store/websites" });
    expect(reported).toEqual([{ method: "HMAC-SHA256", mode: "standard" }]);
    await client.request({
      method: "GET",
      path: "/V1/orders",
      searchCriteria: searchCriteria().where("created_at", "gt", "2024-10-25 00:00:00"),
    });
    await client.request({ method: "GET", path: "/V1/store/websites" });
    expect(reported).toEqual([
      { method: "HMAC-SHA256", mode: "standard" },
      { method: "HMAC-SHA256", mode: "D" },
    ]);
    expect(client.signature.mode).toBe("D");
  });
});
