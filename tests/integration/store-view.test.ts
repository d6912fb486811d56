/**
 * A store page's one read (kit stores.view): the store's summary and its signed client come from the same
 * ownership check, so a page never shows one installation and calls another; someone else's store gives nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/handshake-harness";

describe("stores.view", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ provider: "sqlite" });
  });
  afterEach(async () => {
    await h.close();
  });

  it("gives a linked user the store and a working client, and anyone else nothing", async () => {
    const integ = await h.createIntegration("View");
    await h.activate(integ.id);
    await h.settle();
    const inst = await h.installation(integ.consumer_key);
    const owner = await h.storage.users.create("owner@example.com", "x");
    const stranger = await h.storage.users.create("stranger@example.com", "x");
    await h.storage.links.link(inst.id, owner.id);

    const view = await h.kit.stores.view(inst.id, owner.id);
    expect(view?.store).toMatchObject({ installationId: inst.id, state: "active", baseUrl: h.store.storeBaseUrl });
    const res = await view!.client().call("getStoreStoreViews", { fields: "code" });
    expect(res.status).toBe(200);

    expect(await h.kit.stores.view(inst.id, stranger.id)).toBeNull();
    expect(await h.kit.stores.view("no-such-installation", owner.id)).toBeNull();
  });
});
