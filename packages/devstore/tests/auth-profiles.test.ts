/**
 * Each profile changes exactly what packages/devstore/README.md's profile table says: accepted methods (SHA1 on 2.4.3 / seed only),
 * family D double-encoding, family E byte order and Host as sent, the seed's activation field name.
 * Requests are signed by the tests' reference signer in the family under test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RefFamily } from "../../../tests/helpers/reference-oauth";
import {
  activateWithReceiver,
  adminApi,
  exchangeTokens,
  FAMILY_OF,
  parseForm,
  signedRequest,
  startDevStore,
  startReceiver,
  type DevStore,
  type IntegrationJson,
  type ProfileName,
  type Receiver,
} from "../../../tests/helpers/devstore-client";

const PROFILES: ProfileName[] = ["2.4.3", "2.4.5", "2.4.7", "2.4.8", "2.4.9", "seed"];
const stores = new Map<ProfileName, DevStore>();
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  for (const p of PROFILES) stores.set(p, await startDevStore({ profile: p }));
});
afterAll(async () => {
  for (const s of stores.values()) await s.close();
  await receiver.close();
});

const store = (p: ProfileName) => stores.get(p)!;

/** A request-token call on a fresh activation, signed in `family`, with an optional query and Host. */
async function requestToken(
  p: ProfileName,
  o: { family: RefFamily; query?: string; host?: string; hash?: "sha1" | "sha256" },
) {
  const { creds } = await activateWithReceiver(store(p), receiver);
  return signedRequest(store(p), {
    path: "/oauth/token/request" + (o.query ?? ""),
    ...creds,
    family: o.family,
    host: o.host,
    hash: o.hash,
  });
}

describe.each(PROFILES)("profile %s", (p) => {
  it("completes the handshake in its own family and shows Active", async () => {
    const a = await activateWithReceiver(store(p), receiver);
    const at = await exchangeTokens(store(p), a.creds, FAMILY_OF[p]);
    expect(at.token).toMatch(/^[0-9a-z]{32}$/);
    const { json } = await adminApi<IntegrationJson>(store(p), "GET", `/integrations/${a.integration.id}`);
    expect(json.status).toBe("Active");
  });

  it("accepts HMAC-SHA1 only where the profile lists it", async () => {
    const res = await requestToken(p, { family: FAMILY_OF[p], hash: "sha1" });
    if (p === "2.4.3" || p === "seed") {
      expect(res.status).toBe(200);
    } else {
      expect(res.status).toBe(400);
      expect(parseForm(res.body).oauth_problem).toBe("Signature method HMAC-SHA1 is not supported");
    }
  });

  it("sends the consumer secret under the profile's field name", async () => {
    const before = receiver.posts.length;
    await activateWithReceiver(store(p), receiver);
    const names = receiver.posts[before]!.fields.map(([k]) => k);
    const secretField = p === "seed" ? "oauth_consumer_key_secret" : "oauth_consumer_secret";
    expect(names).toEqual(["oauth_consumer_key", secretField, "store_base_url", "oauth_verifier"]);
  });
});

describe("family D (2.4.8): values rawurlencoded once more", () => {
  const query = "?created_at=2024-10-25%2000%3A00%3A00&fields=items%5Bsku%2Cname%5D";
  it("accepts the double-encoded signature and refuses the standard one", async () => {
    expect((await requestToken("2.4.8", { family: "D", query })).status).toBe(200);
    const std = await requestToken("2.4.8", { family: "A", query });
    expect(std.status).toBe(401);
    expect(parseForm(std.body).oauth_problem).toBe("The signature is invalid. Verify and try again.");
  });
  it("other profiles refuse the double-encoded signature", async () => {
    expect((await requestToken("2.4.7", { family: "D", query })).status).toBe(401);
    expect((await requestToken("2.4.7", { family: "C", query })).status).toBe(200);
  });
  it("plain ASCII requests sign the same in every family", async () => {
    expect((await requestToken("2.4.8", { family: "A", query: "?a=b" })).status).toBe(200);
  });
});

describe("family E (2.4.9): byte-order sort and Host as sent", () => {
  const indexQuery = "?f%5B10%5D=x&f%5B2%5D=y";
  it("sorts by byte order where A–D sort naturally", async () => {
    expect((await requestToken("2.4.9", { family: "E", query: indexQuery })).status).toBe(200);
    expect((await requestToken("2.4.9", { family: "A", query: indexQuery })).status).toBe(401);
    expect((await requestToken("2.4.5", { family: "A", query: indexQuery })).status).toBe(200);
    expect((await requestToken("2.4.5", { family: "E", query: indexQuery })).status).toBe(401);
  });
  it("signs the Host header as sent (case kept) where A–D lowercase it", async () => {
    const host = (p: ProfileName) => "LocalHost:" + new URL(store(p).url).port;
    expect((await requestToken("2.4.9", { family: "E", host: host("2.4.9") })).status).toBe(200);
    expect((await requestToken("2.4.9", { family: "C", host: host("2.4.9") })).status).toBe(401);
    expect((await requestToken("2.4.7", { family: "C", host: host("2.4.7") })).status).toBe(200);
    expect((await requestToken("2.4.7", { family: "E", host: host("2.4.7") })).status).toBe(401);
  });
});

describe("natural order on families A–D", () => {
  it("2.4.3 sorts bracket indices naturally (2 before 10)", async () => {
    const q = "?f%5B10%5D=x&f%5B2%5D=y&f%5B1%5D=z";
    expect((await requestToken("2.4.3", { family: "A", query: q })).status).toBe(200);
    expect((await requestToken("2.4.3", { family: "E", query: q })).status).toBe(401);
  });
});
