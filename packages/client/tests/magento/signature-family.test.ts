/**
 * One store's signature family shared by its clients (packages/client/src/magento/signature-family.ts), against a fake store that
 * plays family D with the reference signer: a call whose query has a value needing escapes (a date) passes only in
 * mode D, a plain one in every mode. Concurrent calls cost the store one refused signature; a call already on its
 * way when the family was found is sent once more, in that family; a refusal that proves nothing (a plain call)
 * never moves the family.
 */
import { describe, expect, it } from "vitest";
import {
  createMagentoClient,
  searchCriteria,
  SignatureFamily,
  type MagentoClientOptions,
  type SignatureChoice,
} from "../../src/magento/index.ts";
import { modeGroups } from "../../src/magento/signature-family.ts";
import { TEST_OAUTH as AUTH, verifiesAsFamilyD } from "../helpers/signed-call-check.ts";
import { counterNonce, fakeFetch, json } from "../helpers/fake-fetch.ts";

const BASE = "https://shop.example.com/";
const REFUSED = { message: "The signature is invalid. Verify and try again." };

const dated = (day: number) => ({
  method: "GET" as const,
  path: "/V1/orders",
  searchCriteria: searchCriteria().where("created_at", "gt", `2024-10-${10 + day} 00:00:00`),
});

function familyDStore(hold?: Promise<void>) {
  let refused = 0;
  const f = fakeFetch(async (call, index) => {
    if (index === 0 && hold) await hold;
    if (verifiesAsFamilyD(call)) return json(200, { items: [], total_count: 0 });
    refused++;
    return json(401, REFUSED);
  });
  return { ...f, refused: () => refused };
}

let clients = 0;
const client = (fetch: typeof globalThis.fetch, extra: Partial<MagentoClientOptions>) =>
  createMagentoClient({ baseUrl: BASE, auth: AUTH, fetch, nonce: counterNonce(`c${clients++}`), ...extra });

describe("modeGroups", () => {
  it("puts every mode in one group for a plain call, and D apart for a dated one", () => {
    expect(modeGroups("GET", `${BASE}rest/V1/store/websites`, ["standard", "D", "C", "E"])).toEqual([
      ["standard", "D", "C", "E"],
    ]);
    const url = `${BASE}rest/V1/orders?searchCriteria%5Bfilter_groups%5D%5B0%5D%5Bfilters%5D%5B0%5D%5Bvalue%5D=2024-10-25%2000%3A00%3A00`;
    expect(modeGroups("GET", url, ["standard", "D", "C", "E"])).toEqual([["standard", "C", "E"], ["D"]]);
  });
});

describe("a store's signature family shared by its clients", () => {
  it("20 dated calls at once on two clients of the store: one refused signature, every call accepted", async () => {
    const store = familyDStore();
    const family = new SignatureFamily({ method: "HMAC-SHA256", mode: "standard" });
    const reported: SignatureChoice[] = [];
    const onSignatureChoice = (c: SignatureChoice) => void reported.push(c);
    const a = client(store.fetch, { family, signature: family.choice, onSignatureChoice });
    const b = client(store.fetch, { family, signature: family.choice, onSignatureChoice });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).request(dated(i))));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(store.refused()).toBe(1);
    expect(reported).toEqual([{ method: "HMAC-SHA256", mode: "D" }]);
    expect(b.signature).toEqual({ method: "HMAC-SHA256", mode: "D" });
    expect(family.candidates).toEqual(["D"]);
  });

  it("calls already on their way in a family that no longer holds are refused once each, then sent in the one found", async () => {
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const store = familyDStore(hold);
    // remembered as C (say, before a restore): a single candidate, so dated calls go at once, in C
    const family = new SignatureFamily({ method: "HMAC-SHA256", mode: "C" });
    const c = client(store.fetch, { family, signature: family.choice });
    const early = c.request(dated(1)); // answered last
    const second = c.request(dated(2));
    expect((await second).attempts).toBe(2); // refused in C (standard and E sign it alike): D next
    release();
    expect((await early).attempts).toBe(2); // refused in C, then sent in D: the family found, not a walk
    expect(store.refused()).toBe(2);
    expect((await c.request(dated(3))).attempts).toBe(1);
    expect(family.candidates).toEqual(["D"]);
  });

  it("a plain call refused under a proven family proves nothing: it is not sent in another mode, the family stays", async () => {
    let first = true;
    const f = fakeFetch((call) => {
      if (first) {
        first = false;
        return json(401, REFUSED); // an odd refusal
      }
      return verifiesAsFamilyD(call) ? json(200, { items: [], total_count: 0 }) : json(401, REFUSED);
    });
    const reported: SignatureChoice[] = [];
    const c = client(f.fetch, {
      signature: { method: "HMAC-SHA256", mode: "D" },
      onSignatureChoice: (x) => void reported.push(x),
    });
    const err = await c.request({ method: "GET", path: "/V1/store/websites" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "signature_invalid" });
    expect(f.calls).toHaveLength(1);
    expect(c.signature).toEqual({ method: "HMAC-SHA256", mode: "D" });
    expect(reported).toEqual([]);
    // the next dated call goes in D at once
    expect((await c.request(dated(3))).attempts).toBe(1);
  });
});
