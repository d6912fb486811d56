import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { randomToken, startHarness, type Harness } from "../helpers/handshake-harness";
import { PROVIDERS } from "../helpers/databases";

describe.each(PROVIDERS)("concurrent callbacks on %s", (provider) => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ provider });
  });
  afterEach(async () => {
    await h.close();
  });

  describe("concurrent callbacks", () => {
    it("one key: the same callback replayed 25 times at once ends in one active installation", async () => {
      const integ = await h.createIntegration("Replay");
      h.hold();
      await h.activate(integ.id);
      const body = h.bodies[0]!;
      const forged = Array.from({ length: 5 }, () => {
        const f = new URLSearchParams(body);
        f.set("oauth_consumer_secret", randomToken());
        f.set("oauth_verifier", randomToken());
        return f.toString();
      });
      const results = await Promise.all([
        ...Array.from({ length: 25 }, () => h.postCallback(body)),
        ...forged.map((b) => h.postCallback(b)),
      ]);
      expect(results.every((r) => r.status === 200)).toBe(true);
      h.release();
      const outcomes = await h.settle();
      expect(outcomes.filter((o) => o.kind === "succeeded")).toHaveLength(1);
      expect(await h.db.installation.count()).toBe(1);
      const inst = await h.installation(integ.consumer_key);
      expect(inst.state).toBe("active");
      // only the real activation: the 25 replays were recognised as the same callback, the 5 forgeries contradict
      // the key's binding (another consumer secret) and were refused
      expect(await h.db.activation.count()).toBe(1);
      const client = await h.clientFor(integ.consumer_key);
      expect((await client.request({ method: "GET", path: "/V1/store/storeViews" })).status).toBe(200);
    });

    it("one key: Activate and an immediate Reauthorize race; the newest credentials win and work", async () => {
      const integ = await h.createIntegration("Race");
      h.hold();
      await h.activate(integ.id);
      await h.reauthorize(integ.id);
      h.release();
      await h.settle();
      const inst = await h.installation(integ.consumer_key);
      expect(inst.state).toBe("active");
      expect(inst.credentialsSeq).toBe(2);
      const states = (await h.db.activation.findMany({ orderBy: { seq: "asc" } })).map((a) => a.state);
      expect(states).toEqual(["superseded", "succeeded"]);
      const client = await h.clientFor(integ.consumer_key);
      expect((await client.request({ method: "GET", path: "/V1/store/storeViews" })).status).toBe(200);
    });

    it("an older activation finishing after a newer success never overwrites it", async () => {
      const integ = await h.createIntegration("Order");
      await h.activate(integ.id);
      await h.settle();
      const first = await h.installation(integ.consumer_key);
      // simulate another instance: mark seq 50 as the current credentials, then let seq 2 succeed late
      await h.db.installation.update({ where: { id: first.id }, data: { credentialsSeq: 50 } });
      await h.reauthorize(integ.id);
      const [o] = await h.settle();
      expect(o).toMatchObject({ kind: "succeeded", superseded: true });
      const after = await h.installation(integ.consumer_key);
      expect(after.accessTokenEnc).toBe(first.accessTokenEnc);
      expect(after.credentialsSeq).toBe(50);
    });

    it("many keys at once: 12 integrations activated simultaneously all become active", async () => {
      const integs = await Promise.all(Array.from({ length: 12 }, (_, i) => h.createIntegration(`Many ${i}`)));
      const acts = await Promise.all(integs.map((i) => h.activate(i.id)));
      expect(acts.map((a) => a.callback)).toEqual(acts.map(() => expect.objectContaining({ status: 200 })));
      await h.settle();
      const rows = await h.db.installation.findMany();
      expect(rows).toHaveLength(12);
      expect(rows.every((r) => r.state === "active")).toBe(true);
      expect(await h.db.store.count()).toBe(1);
      const calls = await Promise.all(
        integs.map(async (i) =>
          (await h.clientFor(i.consumer_key)).request({ method: "GET", path: "/V1/store/storeViews" }),
        ),
      );
      expect(calls.every((c) => c.status === 200)).toBe(true);
    });

    it("a burst written as one group: invalid callbacks among valid ones get 400 and leave nothing, the others all become active", async () => {
      const integs = await Promise.all(Array.from({ length: 10 }, (_, i) => h.createIntegration(`Burst ${i}`)));
      h.drop = true; // capture the store's genuine callbacks, then fire them all in the same instant
      await Promise.all(integs.map((i) => h.activate(i.id)));
      h.drop = false;
      const valid = h.bodies.slice(-10);
      const invalid = [
        (f: URLSearchParams) => f.delete("oauth_verifier"),
        (f: URLSearchParams) => f.set("store_base_url", "ftp://store.invalid/"),
        (f: URLSearchParams) => f.set("oauth_consumer_secret", "not a token"),
      ].map((spoil) => {
        const f = new URLSearchParams(valid[0]!);
        f.set("oauth_consumer_key", randomToken());
        spoil(f);
        return f;
      });
      const forms = [...valid.map((b) => new URLSearchParams(b)), ...invalid];
      forms.splice(4, 0, forms.pop()!); // the bad ones spread among the good
      const results = await Promise.all(forms.map((f) => h.kit.handshake.receiveCallback(f)));
      const byKey = new Map(forms.map((f, i) => [f.get("oauth_consumer_key"), results[i]!.status]));
      for (const i of integs) expect(byKey.get(i.consumer_key)).toBe(200);
      for (const f of invalid) expect(byKey.get(f.get("oauth_consumer_key"))).toBe(400);
      await h.settle();
      const rows = await h.db.installation.findMany();
      expect(rows.map((r) => r.consumerKey).sort()).toEqual(integs.map((i) => i.consumer_key).sort());
      expect(rows.every((r) => r.state === "active")).toBe(true);
    });
  });
});
