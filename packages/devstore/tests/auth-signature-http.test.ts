/**
 * Magento's signing quirks over HTTP, one store per family: the test states what the store must sign (URL and
 * decoded parameters, as bytes) with the explicit signer, so a passing call proves the store signs exactly that.
 * A 404 "product doesn't exist" means the signature passed (routing, then auth, then the lookup).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activateWithReceiver,
  exchangeTokens,
  FAMILY_OF,
  rawRequest,
  startDevStore,
  startReceiver,
  type DevStore,
  type ProfileName,
  type Receiver,
} from "../../../tests/helpers/devstore-client";
import {
  oauthHeader,
  protocolParams,
  signExplicitly,
  type Bytes,
  type OAuthCreds,
} from "../../../tests/helpers/explicit-signer";

const stores = new Map<ProfileName, DevStore>();
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  for (const p of ["2.4.5", "2.4.7", "2.4.8", "2.4.9"] as const) stores.set(p, await startDevStore({ profile: p }));
});
afterAll(async () => {
  for (const s of stores.values()) await s.close();
  await receiver.close();
});

/** An active integration's four credentials on the profile's store. */
async function connect(p: ProfileName): Promise<{ store: DevStore; creds: OAuthCreds }> {
  const store = stores.get(p)!;
  const a = await activateWithReceiver(store, receiver);
  const at = await exchangeTokens(store, a.creds, FAMILY_OF[p]);
  return {
    store,
    creds: {
      consumerKey: a.creds.consumerKey,
      consumerSecret: a.creds.consumerSecret,
      token: at.token,
      tokenSecret: at.tokenSecret,
    },
  };
}

/** GET `path` (sent as is), signed for `signedPath` on this store's origin plus `others` decoded pairs. */
async function get(p: ProfileName, path: string, signedPath: string, others: [Bytes, Bytes][] = []) {
  const { store, creds } = await connect(p);
  const params = protocolParams(creds);
  const signature = signExplicitly("GET", `${store.url}${signedPath}`, params, creds, others);
  const res = await rawRequest(store.url, {
    method: "GET",
    path,
    headers: { Authorization: oauthHeader(params, signature) },
  });
  return { status: res.status, json: JSON.parse(res.body) as { message?: string } };
}

const NO_SUCH_PRODUCT = "The product that was requested doesn't exist. Verify the product and try again.";

describe("path normalisation", () => {
  it("2.4.7 (C) decodes a%2F..%2Fb to a/../b after dot-segment removal, so it is not collapsed", async () => {
    const res = await get("2.4.7", "/rest/V1/products/a%2F..%2Fb", "/rest/V1/products/a/../b");
    expect(res).toEqual({ status: 404, json: expect.objectContaining({ message: NO_SUCH_PRODUCT }) });
  });

  it("2.4.8 (D) signs an escaped .. as a literal .. (decoded after dot-segment removal)", async () => {
    const res = await get("2.4.8", "/rest/V1/products/%2E%2E", "/rest/V1/products/..");
    expect(res).toEqual({ status: 404, json: expect.objectContaining({ message: NO_SUCH_PRODUCT }) });
  });

  it("2.4.8 (D) keeps ( ) and uppercases kept escapes; 2.4.7 (C) decodes %2f", async () => {
    expect((await get("2.4.8", "/rest/V1/products/(x)%2f", "/rest/V1/products/(x)%2F")).status).toBe(404);
    expect((await get("2.4.7", "/rest/V1/products/(x)%2f", "/rest/V1/products/(x)/")).status).toBe(404);
  });
});

describe("PHP byte strings", () => {
  it("2.4.5: a query value %E9 (not UTF-8) is signed as the byte E9", async () => {
    const res = await get("2.4.5", "/rest/V1/products/ABC%2F10?v=%E9", "/rest/V1/products/ABC%2F10", [
      ["v", Buffer.from([0xe9])],
    ]);
    expect(res.status).toBe(200);
  });
});

describe("family E (2.4.9): parse_str of the query merged over the helper's params", () => {
  it("signs query oauth_* names and parse_str values (+ as space) too", async () => {
    const res = await get("2.4.9", "/rest/V1/products/ABC%2F10?oauth_extra=zz&q=a+b", "/rest/V1/products/ABC%2F10", [
      ["oauth_extra", "zz"],
      ["q", "a b"],
    ]);
    expect(res.status).toBe(200);
  });

  it("refuses the same call signed without the query oauth_* name", async () => {
    const res = await get("2.4.9", "/rest/V1/products/ABC%2F10?oauth_extra=zz&q=a+b", "/rest/V1/products/ABC%2F10", [
      ["q", "a b"],
    ]);
    expect(res).toEqual({ status: 401, json: { message: "The signature is invalid. Verify and try again." } });
  });
});
