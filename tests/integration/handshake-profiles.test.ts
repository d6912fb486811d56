import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/handshake-harness";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function activateAndCall(harness: Harness) {
  const integ = await harness.createIntegration("Profile");
  const act = await harness.activate(integ.id);
  expect(act.callback?.status).toBe(200);
  const [outcome] = await harness.settle();
  expect(outcome).toMatchObject({ kind: "succeeded" });
  const inst = await harness.installation(integ.consumer_key);
  expect(inst.state).toBe("active");
  const client = await harness.clientFor(integ.consumer_key);
  const res = await client.request<unknown[]>({ method: "GET", path: "/V1/store/storeViews" });
  expect(res.status).toBe(200);
  const dev = await harness.admin<{ status: string }>("GET", `/admin/api/integrations/${integ.id}`);
  expect(dev.status).toBe("Active");
  return harness.installation(integ.consumer_key);
}

describe("handshake on every dev store profile", () => {
  it.each(["2.4.5", "2.4.7", "2.4.8", "2.4.9", "seed"] as const)(
    "profile %s: HMAC-SHA256 handshake and a signed call",
    async (profile) => {
      h = await startHarness({ store: { profile } });
      const inst = await activateAndCall(h);
      expect(inst.store.signature.method).toBe("HMAC-SHA256");
    },
  );

  it("profile 2.4.3 with HMAC-SHA1 chosen for the store: the handshake and calls are signed with SHA1", async () => {
    h = await startHarness({ store: { profile: "2.4.3" } });
    // a method remembered from an earlier successful call (a proven store: fallbacks are allowed)
    await h.db.store.create({
      data: { baseUrl: h.store.storeBaseUrl, signatureMethod: "HMAC-SHA1", provenAt: new Date() },
    });
    const inst = await activateAndCall(h);
    expect(inst.store.signature.method).toBe("HMAC-SHA1");
  });

  it("profile 2.4.5 refuses HMAC-SHA1: the kit switches to HMAC-SHA256 once and remembers it", async () => {
    h = await startHarness({ store: { profile: "2.4.5" } });
    // a method remembered from an earlier successful call (a proven store: fallbacks are allowed)
    await h.db.store.create({
      data: { baseUrl: h.store.storeBaseUrl, signatureMethod: "HMAC-SHA1", provenAt: new Date() },
    });
    const inst = await activateAndCall(h);
    expect(inst.store.signature.method).toBe("HMAC-SHA256");
  });

  it("seed profile posts oauth_consumer_key_secret; store_base_url with index.php/ is used verbatim", async () => {
    h = await startHarness({ store: { profile: "seed", indexPhp: true } });
    const inst = await activateAndCall(h);
    expect(h.bodies[0]).toContain("oauth_consumer_key_secret=");
    expect(inst.store.baseUrl).toMatch(/\/index\.php\/$/);
  });
});
