/**
 * The storage conformance suite: what every implementation of the storage interfaces (packages/storage/src/storage/storage.ts)
 * must do, whatever database is behind it: typed values out, unique conflicts as UniqueConflictError, conditional
 * updates that say whether they happened, cascades, pruning, and the writes that must stay exact under concurrency.
 *
 * Any backend runs it from a test file of its own (README, "A new database backend"):
 *   describeStorageConformance("mysql", async () => ({ storage, dispose }));
 * `open` gives a fresh, migrated, empty database for each test. storage-conformance.test.ts runs it on SQLite and
 * PostgreSQL.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UniqueConflictError, type Storage, DELIVERY_ROW_BYTES, type NewDelivery } from "@magento-integration/storage";

/** A fresh storage for one test, and how to throw it away afterwards. */
export interface OpenedStorage {
  storage: Storage;
  dispose(): Promise<void>;
}

const HOUR = 3_600_000;

/** Declares the suite ("storage on <name>") against the storages `open` makes. */
export function describeStorageConformance(name: string, open: () => Promise<OpenedStorage>): void {
  describe(`storage on ${name}`, () => conformance(open));
}

function conformance(open: () => Promise<OpenedStorage>): void {
  let t: OpenedStorage;
  let s: Storage;
  beforeEach(async () => {
    t = await open();
    s = t.storage;
  });
  afterEach(async () => {
    await t.dispose();
  });

  async function installation(key = "k".repeat(32), baseUrl = "https://shop.example/") {
    const store = await s.stores.ensure(baseUrl);
    return s.installations.create({
      consumerKey: key,
      storeId: store.id,
      state: "pending",
      mode: "oauth",
      consumerSecretEnc: "sealed-secret",
      activationCount: 1,
    });
  }

  /** The first activation of an installation, from https://shop.example/ (fingerprint "fp", secret "s", verifier "v"). */
  const firstActivation = (installationId: string, o: { callbackAt?: Date; answeredMs?: number } = {}) =>
    s.activations.create({
      installationId,
      seq: 1,
      fingerprint: "fp",
      storeBaseUrl: "https://shop.example/",
      consumerSecretEnc: "s",
      verifierEnc: "v",
      callbackAt: o.callbackAt ?? new Date(),
      ...(o.answeredMs === undefined ? {} : { answeredMs: o.answeredMs }),
    });

  it("stores: one per base URL, signature remembered, proven once, unused and unproven ones pruned", async () => {
    const a = await s.stores.ensure("https://shop.example/");
    expect(await s.stores.ensure("https://shop.example/")).toMatchObject({
      id: a.id,
      signature: { method: "HMAC-SHA256", mode: "standard" },
      provenAt: null,
    });
    await s.stores.rememberSignature(a.id, { method: "HMAC-SHA1", mode: "D" });
    const at = new Date("2026-01-01T00:00:00Z");
    const proven = await s.stores.markProven(
      "https://shop.example/",
      { method: "HMAC-SHA256", mode: "C" },
      at,
      "Main Website",
    );
    expect(proven).toMatchObject({
      signature: { method: "HMAC-SHA256", mode: "C" },
      provenAt: at,
      name: "Main Website",
    });
    const again = await s.stores.markProven(
      "https://shop.example/",
      { method: "HMAC-SHA256", mode: "C" },
      new Date("2027-01-01T00:00:00Z"),
    );
    expect(again.provenAt).toEqual(at);
    await s.stores.ensure("https://forged.invalid/");
    expect(await s.stores.pruneUnproven(new Date(Date.now() + HOUR))).toBe(1);
    expect(await s.stores.byBaseUrl("https://forged.invalid/")).toBeNull();
    expect(await s.stores.byBaseUrl("https://shop.example/")).not.toBeNull();
  });

  it("installations: a consumer key once; typed reads; the user's view needs a link", async () => {
    const inst = await installation();
    await expect(installation()).rejects.toBeInstanceOf(UniqueConflictError);
    const read = await s.installations.byConsumerKey("k".repeat(32));
    expect(read).toMatchObject({
      id: inst.id,
      state: "pending",
      mode: "oauth",
      failureReason: null,
      store: { baseUrl: "https://shop.example/" },
    });
    const many = await s.installations.byConsumerKeys(["k".repeat(32), "n".repeat(32), "k".repeat(32)]);
    expect([...many.keys()]).toEqual(["k".repeat(32)]);
    expect(many.get("k".repeat(32))).toEqual(read);
    expect((await s.installations.byConsumerKeys([])).size).toBe(0);
    const user = await s.users.create("owner@example.com", "hash");
    expect(await s.installations.forUser(inst.id, user.id)).toBeNull();
    await s.links.link(inst.id, user.id);
    await s.links.link(inst.id, user.id); // idempotent
    expect((await s.installations.forUser(inst.id, user.id))?.id).toBe(inst.id);
    expect((await s.installations.listForUser(user.id)).map((i) => i.id)).toEqual([inst.id]);
    expect(await s.links.linkedCount(inst.id)).toBe(1);
  });

  it("installations: conditional moves happen only from the expected state and credentials", async () => {
    const inst = await installation();
    await s.installations.markExchanging(inst.id);
    expect((await s.installations.byId(inst.id))?.state).toBe("exchanging");
    const seq2 = await s.installations.countCallback(inst.id, "pending");
    expect(seq2).toBe(2);
    expect(await s.installations.failIfNewest(inst.id, 1, "timeout", ["pending", "exchanging"])).toBe(false); // seq 1 is not the newest
    expect(await s.installations.failIfNewest(inst.id, 2, "timeout", ["pending", "exchanging"])).toBe(true);
    const creds = {
      storeId: inst.storeId,
      consumerSecretEnc: "s",
      accessTokenEnc: "a2",
      accessTokenSecretEnc: "b2",
      at: new Date(),
    };
    expect(await s.installations.installCredentials(inst.id, 2, creds)).toBe(true);
    expect(await s.installations.installCredentials(inst.id, 1, { ...creds, accessTokenEnc: "old" })).toBe(false); // an older activation never overwrites
    const active = await s.installations.byId(inst.id);
    expect(active).toMatchObject({ state: "active", credentialsSeq: 2, accessTokenEnc: "a2", failureReason: null });
    expect(
      await s.installations.transition(
        inst.id,
        { state: "active", credentialsSeq: 1 },
        { state: "revoked", failureReason: "token_revoked" },
      ),
    ).toBe(false);
    expect(
      await s.installations.transition(
        inst.id,
        { state: "active", credentialsSeq: 2 },
        { state: "needs_reauthorization", failureReason: "token_missing" },
      ),
    ).toBe(true);
    expect((await s.installations.listProbeTargets(10)).map((x) => x.id)).toEqual([inst.id]);
  });

  it("installations: unproven ones expire with their activations and events; proven or linked ones stay", async () => {
    const old = await installation("a".repeat(32), "https://forged.invalid/");
    const proven = await installation("b".repeat(32));
    await s.installations.markProven(proven.id, new Date());
    await s.activations.create({
      installationId: old.id,
      seq: 1,
      fingerprint: "f",
      storeBaseUrl: "https://forged.invalid/",
      consumerSecretEnc: "s",
      verifierEnc: "v",
      callbackAt: new Date(Date.now() - 2 * HOUR),
    });
    await s.events.add({ installationId: old.id, kind: "callback", message: "x", at: new Date() });
    expect(await s.installations.pruneUnproven(new Date(Date.now() + HOUR))).toBe(1);
    expect(await s.installations.byId(old.id)).toBeNull();
    expect(await s.events.recent(old.id, 10)).toEqual([]);
    expect(await s.installations.byId(proven.id)).not.toBeNull();
    const gone = await s.installations.delete(proven.id);
    expect(gone).toEqual({ storeId: proven.storeId });
    await s.stores.deleteIfUnused(proven.storeId);
    expect(await s.stores.byBaseUrl("https://shop.example/")).toBeNull();
  });

  it("activations: claimed once for the exchange, checkpoints kept, ended once, claimed once by a user", async () => {
    const inst = await installation();
    const a = await firstActivation(inst.id, { answeredMs: 12 });
    expect(a).toMatchObject({ state: "pending", answeredMs: 12, requestTokenCallAt: null });
    expect(await s.activations.openTwin(inst.id, "fp")).toMatchObject({ id: a.id });
    const [first, second] = await Promise.all([
      s.activations.claimForExchange(a.id, new Date()),
      s.activations.claimForExchange(a.id, new Date()),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const at = new Date();
    await s.activations.markRequestTokenCall(a.id, at);
    await s.activations.saveRequestToken(a.id, "rt", "rts", at);
    expect(await s.activations.byId(a.id)).toMatchObject({
      state: "exchanging",
      requestTokenEnc: "rt",
      requestTokenSecretEnc: "rts",
      requestTokenAt: at,
    });
    expect((await s.activations.listOpen()).map((x) => x.id)).toEqual([a.id]);
    expect(
      await s.activations.finish(a.id, ["exchanging"], {
        state: "succeeded",
        failureReason: null,
        at,
        accessTokenAt: at,
      }),
    ).toBe(true);
    expect(
      await s.activations.finish(a.id, ["exchanging"], { state: "failed", failureReason: "interrupted", at }),
    ).toBe(false);
    expect(await s.activations.byId(a.id)).toMatchObject({
      state: "succeeded",
      requestTokenEnc: null,
      accessTokenAt: at,
    });
    expect(await s.activations.hasSucceededTwin(inst.id, "fp", "other")).toBe(true);
    const u1 = await s.users.create("u1@example.com", "h");
    const u2 = await s.users.create("u2@example.com", "h");
    expect(await s.activations.claimForUser(a.id, u1.id, at)).toBe(true);
    expect(await s.activations.claimForUser(a.id, u2.id, at)).toBe(false);
    const b = await s.activations.create({
      installationId: inst.id,
      seq: 2,
      fingerprint: "fp2",
      storeBaseUrl: "https://shop.example/",
      consumerSecretEnc: "s2",
      verifierEnc: "v2",
      callbackAt: new Date(),
    });
    expect(await s.activations.newerFromSameStore(inst.id, 1, "https://shop.example/")).toEqual([
      { seq: 2, consumerSecretEnc: "s2" },
    ]);
    expect((await s.activations.latest(inst.id))?.id).toBe(b.id);
    expect((await s.activations.withInstallation(b.id))?.installation.store.baseUrl).toBe("https://shop.example/");
  });

  it("activations and installations read joined with their store equal their own reads", async () => {
    const inst = await installation();
    const at = new Date("2026-11-28T06:00:00.250Z");
    await s.stores.markProven("https://shop.example/", { method: "HMAC-SHA1", mode: "standard" }, at, "Shop");
    const a = await firstActivation(inst.id, { callbackAt: at });
    await s.activations.claimForExchange(a.id, at);
    await s.activations.saveRequestToken(a.id, "rt", "rts", new Date(at.getTime() + 1));
    const joined = await s.activations.withInstallation(a.id);
    expect(joined?.activation).toEqual(await s.activations.byId(a.id));
    expect(joined?.activation).toMatchObject({ state: "exchanging", exchangeStartedAt: at, requestTokenEnc: "rt" });
    expect(joined?.installation).toEqual(await s.installations.byId(inst.id));
    expect(joined?.installation.store).toMatchObject({ name: "Shop", provenAt: at });
    expect(await s.activations.withInstallation("missing")).toBeNull();

    const later = new Date(at.getTime() + 60_000);
    const locked = await s.transaction((tx) => tx.installations.lockByConsumerKey(inst.consumerKey, later));
    expect(locked).toEqual(await s.installations.byId(inst.id));
    expect(locked?.updatedAt).toEqual(later);
    expect(await s.transaction((tx) => tx.installations.lockByConsumerKey("z".repeat(32), later))).toBeNull();
  });

  it("activations: a request token kept by an ended exchange is taken over once, and dropped when nobody takes it", async () => {
    const inst = await installation();
    const make = (seq: number) =>
      s.activations.create({
        installationId: inst.id,
        seq,
        fingerprint: `fp${seq}`,
        storeBaseUrl: "https://shop.example/",
        consumerSecretEnc: "s",
        verifierEnc: `v${seq}`,
        callbackAt: new Date(),
      });
    const [a, b, c] = [await make(1), await make(2), await make(3)];
    const at = new Date();
    for (const x of [a, b]) {
      await s.activations.claimForExchange(x.id, at);
      await s.activations.saveRequestToken(x.id, `rt${x.seq}`, `rts${x.seq}`, at);
    }
    expect(
      await s.activations.finish(a.id, ["exchanging"], {
        state: "failed",
        failureReason: "verifier_invalid",
        at,
        keepRequestToken: true,
      }),
    ).toBe(true);
    expect(
      await s.activations.finish(b.id, ["exchanging"], { state: "failed", failureReason: "token_missing", at }),
    ).toBe(true);
    expect(await s.activations.byId(a.id)).toMatchObject({
      state: "failed",
      requestTokenEnc: "rt1",
      requestTokenSecretEnc: "rts1",
    });
    expect(await s.activations.byId(b.id)).toMatchObject({
      state: "failed",
      requestTokenEnc: null,
      requestTokenSecretEnc: null,
    });
    // two takers at once: one gets it
    await s.activations.claimForExchange(c.id, at);
    const later = new Date(at.getTime() + 1000);
    const took = await Promise.all([
      s.activations.takeRequestToken(a.id, c.id, later),
      s.activations.takeRequestToken(a.id, c.id, later),
    ]);
    expect(took.filter(Boolean)).toHaveLength(1);
    expect(await s.activations.byId(a.id)).toMatchObject({ requestTokenEnc: null, requestTokenSecretEnc: null });
    expect(await s.activations.byId(c.id)).toMatchObject({
      state: "exchanging",
      requestTokenEnc: "rt1",
      requestTokenSecretEnc: "rts1",
      requestTokenAt: later,
    });
    expect(await s.activations.takeRequestToken(b.id, c.id, later)).toBe(false);
    // a kept token nobody took is dropped once its exchange ended before the cutoff; an open exchange keeps its own
    await s.activations.finish(c.id, ["exchanging"], {
      state: "failed",
      failureReason: "verifier_invalid",
      at,
      keepRequestToken: true,
    });
    const d = await make(4);
    await s.activations.claimForExchange(d.id, at);
    await s.activations.saveRequestToken(d.id, "rt4", "rts4", at);
    expect(await s.activations.dropKeptRequestTokens(new Date(at.getTime() - 1000))).toBe(0);
    expect(await s.activations.dropKeptRequestTokens(new Date(at.getTime() + 1000))).toBe(1);
    expect(await s.activations.byId(c.id)).toMatchObject({ requestTokenEnc: null, requestTokenSecretEnc: null });
    expect(await s.activations.byId(d.id)).toMatchObject({ requestTokenEnc: "rt4" });
  });

  it("events: added, folded with a count, newest first, store words found", async () => {
    const inst = await installation();
    const now = new Date();
    await s.events.add({
      installationId: inst.id,
      activationId: "act",
      kind: "exchange_failed",
      message: "m".repeat(3000),
      storeMessage: "Consumer key has expired",
      at: now,
    });
    await s.events.add({ installationId: inst.id, kind: "callback_refused", message: "first", at: now });
    const refused = await s.events.latestOfKind(inst.id, "callback_refused", new Date(now.getTime() - HOUR));
    await s.events.fold(refused!.id, "second", new Date(now.getTime() + 1000));
    const recent = await s.events.recent(inst.id, 10);
    expect(recent[0]).toMatchObject({ kind: "callback_refused", count: 2, message: "second" });
    expect(recent[1]!.message).toHaveLength(2000);
    expect(await s.events.latestStoreMessage("act")).toBe("Consumer key has expired");
  });

  it("link requests: filed once per user, decided once, pruned when stale", async () => {
    const inst = await installation();
    const [owner, other] = [await s.users.create("o@example.com", "h"), await s.users.create("x@example.com", "h")];
    await s.links.link(inst.id, owner.id);
    const at = new Date();
    await s.links.fileRequest(inst.id, other.id, "act", at);
    await s.links.fileRequest(inst.id, other.id, "act2", at);
    expect(await s.links.pendingCount(inst.id)).toBe(1);
    const [req] = await s.links.pendingRequests(inst.id, new Date(at.getTime() - HOUR));
    expect(req).toMatchObject({ email: "x@example.com", activationId: "act2", state: "pending" });
    expect(await s.links.decide(req!.id, inst.id, "denied", owner.id, at)).toBe(true);
    expect(await s.links.decide(req!.id, inst.id, "approved", owner.id, at)).toBe(false);
    expect(await s.links.request(inst.id, other.id)).toMatchObject({ state: "denied", decidedByUserId: owner.id });
    await s.links.fileRequest(inst.id, owner.id, "act", new Date(at.getTime() - 30 * 24 * HOUR));
    expect(await s.links.prunePending(new Date(at.getTime() - 7 * 24 * HOUR))).toBe(1);
  });

  it("users and sessions: emails unique, sessions revoked and pruned", async () => {
    const u = await s.users.create("a@example.com", "hash");
    await expect(s.users.create("a@example.com", "other")).rejects.toBeInstanceOf(UniqueConflictError);
    expect(await s.users.byEmailWithPassword("a@example.com")).toMatchObject({ id: u.id, passwordHash: "hash" });
    const now = new Date();
    await s.sessions.create({
      id: "s1",
      userId: u.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + HOUR),
    });
    await s.sessions.create({
      id: "s2",
      userId: u.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + HOUR),
    });
    await s.sessions.revoke("s1", now);
    expect((await s.sessions.byId("s1"))?.revokedAt).toEqual(now);
    expect(await s.sessions.byIdWithUser("s2")).toMatchObject({
      id: "s2",
      userId: u.id,
      email: "a@example.com",
      revokedAt: null,
    });
    expect(await s.sessions.byIdWithUser("nope")).toBeNull();
    expect(await s.sessions.revokeAllOfUser(u.id, now)).toBe(1);
    expect(await s.sessions.prune(new Date(now.getTime() + 2 * HOUR), new Date(now.getTime() + HOUR))).toBe(2);
  });

  it("sessions: a store's page in one read (the user's own store with its pending requests; nobody else's)", async () => {
    const inst = await installation();
    const owner = await s.users.create("owner@example.com", "hash");
    const asker = await s.users.create("asker@example.com", "hash");
    const late = await s.users.create("late@example.com", "hash");
    await s.links.link(inst.id, owner.id);
    const at = new Date("2026-01-10T12:00:00Z");
    const second = await s.users.create("second@example.com", "hash");
    // filed out of order: the page lists them oldest first
    await s.links.fileRequest(inst.id, second.id, "act", new Date(at.getTime() + 60_000));
    await s.links.fileRequest(inst.id, asker.id, "act", at);
    await s.links.fileRequest(inst.id, late.id, "act", new Date(at.getTime() - 10 * 24 * HOUR));
    for (const [id, userId] of [
      ["so", owner.id],
      ["sa", asker.id],
    ] as const)
      await s.sessions.create({ id, userId, createdAt: at, lastSeenAt: at, expiresAt: new Date(at.getTime() + HOUR) });
    const since = new Date(at.getTime() - 7 * 24 * HOUR);
    const page = await s.sessions.byIdWithStorePage("so", inst.id, since);
    expect(page).toMatchObject({ id: "so", userId: owner.id, email: "owner@example.com", revokedAt: null });
    expect(page?.installation).toEqual(await s.installations.forUser(inst.id, owner.id));
    expect(page?.pendingRequests).toEqual(await s.links.pendingRequests(inst.id, since));
    expect(page?.pendingRequests.map((r) => r.email)).toEqual(["asker@example.com", "second@example.com"]);
    // the asker is not linked: the session and the user, no store and nothing of its requests
    expect(await s.sessions.byIdWithStorePage("sa", inst.id, since)).toMatchObject({
      userId: asker.id,
      email: "asker@example.com",
      installation: null,
      pendingRequests: [],
    });
    expect(await s.sessions.byIdWithStorePage("so", "no-such-installation", since)).toMatchObject({
      installation: null,
      pendingRequests: [],
    });
    expect(await s.sessions.byIdWithStorePage("nope", inst.id, since)).toBeNull();
  });

  it("users: password and email changed, an email taken by another account refused", async () => {
    const u = await s.users.create("a@example.com", "hash");
    await s.users.create("b@example.com", "hash");
    expect(await s.users.setPasswordHash(u.id, "new-hash")).toMatchObject({ id: u.id, email: "a@example.com" });
    expect(await s.users.byIdWithPassword(u.id)).toMatchObject({ passwordHash: "new-hash" });
    await expect(s.users.setEmail(u.id, "b@example.com")).rejects.toBeInstanceOf(UniqueConflictError);
    await s.users.setEmail(u.id, "c@example.com");
    expect((await s.users.byId(u.id))?.email).toBe("c@example.com");
  });

  it("password resets: a link is used once and only before it expires; a change kills every open link", async () => {
    const u = await s.users.create("a@example.com", "hash");
    const now = new Date();
    const later = new Date(now.getTime() + HOUR);
    await s.passwordResets.create({ id: "r1", userId: u.id, createdAt: now, expiresAt: later });
    await s.passwordResets.create({ id: "r2", userId: u.id, createdAt: now, expiresAt: later });
    await s.passwordResets.create({ id: "r3", userId: u.id, createdAt: now, expiresAt: later });
    expect(await s.passwordResets.countSince(u.id, new Date(now.getTime() - 1000))).toBe(3);
    expect(await s.passwordResets.countSince(u.id, now)).toBe(0);
    expect(await s.passwordResets.use("r1", new Date(later.getTime() + 1))).toBe(false); // expired
    const taken = await Promise.all([s.passwordResets.use("r1", now), s.passwordResets.use("r1", now)]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect((await s.passwordResets.byId("r1"))?.usedAt).toEqual(now);
    await s.passwordResets.useAllOfUser(u.id, now);
    expect(await s.passwordResets.use("r2", now)).toBe(false);
    expect(await s.passwordResets.prune(new Date(later.getTime() + 1))).toBe(3);
  });

  it("installations: the store's name in the app is set by linked users only; the footprint counts what goes with it", async () => {
    const inst = await installation();
    const owner = await s.users.create("owner@example.com", "hash");
    const stranger = await s.users.create("stranger@example.com", "hash");
    await s.links.link(inst.id, owner.id);
    expect(await s.installations.setLabelForUser(inst.id, stranger.id, "Mine")).toBe(false);
    expect(await s.installations.setLabelForUser(inst.id, owner.id, "Main shop")).toBe(true);
    expect((await s.installations.byId(inst.id))?.label).toBe("Main shop");
    await s.activations.create({
      installationId: inst.id,
      seq: 1,
      fingerprint: "f",
      storeBaseUrl: "https://shop.example/",
      consumerSecretEnc: "x",
      verifierEnc: "x",
      callbackAt: new Date(),
    });
    await s.events.add({ installationId: inst.id, kind: "callback", message: "m", at: new Date() });
    await s.links.fileRequest(inst.id, stranger.id, "act", new Date());
    expect(await s.installations.removalFootprint(inst.id, stranger.id)).toBeNull(); // not linked: nothing
    expect(await s.installations.removalFootprint(inst.id, owner.id)).toEqual({
      baseUrl: "https://shop.example/",
      label: "Main shop",
      hasAccessToken: false, // pending: no access token yet
      activations: 1,
      events: 1,
      linkedUsers: 1,
      pendingRequests: 1,
      eventDeliveries: 0,
      bulkSubmissions: 0,
      bulkOperations: 0,
    });
    expect(await s.installations.removalFootprint("nope", owner.id)).toBeNull();
    expect(await s.installations.lockById(inst.id, new Date())).toBe(true);
    expect(await s.installations.lockById("nope", new Date())).toBe(false);
  });

  it("outbox and resource checks: newest mail first; one check per resource, replaced when checked again", async () => {
    await s.outbox.add({ to: "a@example.com", subject: "one", text: "1", html: null });
    await s.outbox.add({ to: "a@example.com", subject: "two", text: "2", html: "<p>2</p>" });
    expect((await s.outbox.recent(10)).map((m) => m.subject)).toEqual(["two", "one"]);
    const inst = await installation();
    const at = new Date("2026-01-01T00:00:00Z");
    await s.resourceChecks.save(inst.id, {
      resource: "Magento_Catalog::products",
      operation: "GET /V1/products",
      granted: false,
      checkedAt: at,
    });
    await s.resourceChecks.save(inst.id, {
      resource: "Magento_Backend::store",
      operation: "GET /V1/store/storeViews",
      granted: true,
      checkedAt: at,
    });
    await s.resourceChecks.save(inst.id, {
      resource: "Magento_Catalog::products",
      operation: "GET /V1/products",
      granted: true,
      checkedAt: at,
    });
    expect(await s.resourceChecks.list(inst.id)).toEqual([
      { resource: "Magento_Backend::store", operation: "GET /V1/store/storeViews", granted: true, checkedAt: at },
      { resource: "Magento_Catalog::products", operation: "GET /V1/products", granted: true, checkedAt: at },
    ]);
  });

  it("throttle rows: concurrent takers under one key take turns (no lost update)", async () => {
    const now = new Date();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        s.transaction(async (tx) => {
          const [row] = await tx.throttle.lock(["k"], now);
          await tx.throttle.put({ ...row!, failures: row!.failures + 1, lastAt: now });
        }),
      ),
    );
    expect((await s.throttle.get(["k"]))[0]?.failures).toBe(10);
  });

  it("rate windows: a budget is never overshot under concurrency, and expired windows are pruned", async () => {
    const ends = new Date(Date.now() + 60_000);
    const w = { key: "w", limit: 7, expiresAt: ends };
    const taken = await Promise.all(Array.from({ length: 20 }, () => s.rateWindows.takeMany([[w]])));
    expect(taken.flat().filter(Boolean)).toHaveLength(7);
    expect(await s.rateWindows.takeMany([[w]])).toEqual([false]);
    expect(await s.rateWindows.prune(new Date(ends.getTime() + 1))).toBe(1);
  });

  it("rate windows, many hits at once: decided in order, several hits of one window around its limit, a hit counts in all its windows or none", async () => {
    const expiresAt = new Date(Date.now() + 60_000);
    const key = { key: "key|a", limit: 3, expiresAt };
    const other = { key: "key|b", limit: 3, expiresAt };
    const client = { key: "client|c", limit: 5, expiresAt };
    const answers = await s.rateWindows.takeMany([
      [key, client],
      [key, client],
      [key, client],
      [key, client], // key|a is full: refused, client|c not counted
      [other, client],
      [other, client], // client|c reaches 5
      [other, client], // refused by client|c: key|b not counted
      [other], // key|b alone still has room
      [other], // now full
    ]);
    expect(answers).toEqual([true, true, true, false, true, true, false, true, false]);
    // what each window holds now: a window of limit n+1 takes exactly one more
    const holds = async (k: string, n: number) =>
      s.rateWindows.takeMany([[{ key: k, limit: n + 1, expiresAt }], [{ key: k, limit: n + 1, expiresAt }]]);
    expect(await holds("key|a", 3)).toEqual([true, false]);
    expect(await holds("key|b", 3)).toEqual([true, false]);
    expect(await holds("client|c", 5)).toEqual([true, false]);
    // a later group sees what earlier ones counted
    expect(
      await s.rateWindows.takeMany([[{ key: "key|a", limit: 5, expiresAt }], [{ key: "key|a", limit: 5, expiresAt }]]),
    ).toEqual([true, false]);
  });

  it("rate windows, many hits at once: concurrent groups never overshoot a budget", async () => {
    const expiresAt = new Date(Date.now() + 60_000);
    const w = { key: "w", limit: 7, expiresAt };
    const groups = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        s.rateWindows.takeMany([[w], [w, { key: `other|${i}`, limit: 10, expiresAt }], [w]]),
      ),
    );
    expect(groups.flat().filter(Boolean)).toHaveLength(7);
    expect(await s.rateWindows.takeMany([[{ ...w, limit: 8 }], [{ ...w, limit: 8 }]])).toEqual([true, false]); // exactly 7 were counted
  });

  it("exports: pages replace themselves when retried, rows add up, pages come back in order", async () => {
    const inst = await installation();
    const e = await s.exports.create({ installationId: inst.id, requestedBy: null, entity: "products", options: "{}" });
    expect(e).toMatchObject({ state: "queued", rows: 0, nextPage: 1, total: null });
    await s.exports.start(e.id, 5);
    await s.exports.savePage(e.id, 1, 2, "a\nb\n");
    await s.exports.savePage(e.id, 2, 2, "c\nd\n");
    await s.exports.savePage(e.id, 2, 2, "c\nd\n"); // the same page again after a crash
    await s.exports.savePage(e.id, 3, 1, "e\n");
    expect(await s.exports.byId(e.id)).toMatchObject({ state: "running", rows: 5, nextPage: 4, total: 5 });
    expect((await s.exports.pages(e.id, 2, 10)).map((p) => p.body).join("")).toBe("c\nd\ne\n");
    expect(await s.exports.storedChars(e.id)).toBe(10); // the page sent twice counts once
    await s.exports.finish(e.id, "done", new Date(Date.now() - 8 * 24 * HOUR));
    expect(await s.exports.pruneFinished(new Date(Date.now() - 7 * 24 * HOUR))).toBe(1);
    expect(await s.exports.pages(e.id, 1, 10)).toEqual([]);
  });

  /** A verified delivery of `installationId` whose sealed body is `bodyChars` long, under dedupe key `key`. */
  const delivery = (installationId: string, key: string, bodyChars = 1000, at = new Date()): NewDelivery => ({
    installationId,
    channel: "io",
    outcome: "queued",
    detail: "signed: raw",
    eventName: "com.adobe.commerce.observer.catalog_product_save_commit_after",
    dedupeKey: key,
    bodyEnc: "x".repeat(bodyChars),
    at,
  });

  it("store events: kept bytes counted per installation; past a budget nothing is stored, a duplicate still found; pruning gives the bytes back", async () => {
    const a = await installation("a".repeat(32), "https://a.example/");
    const b = await installation("b".repeat(32), "https://b.example/");
    const one = 1000 + DELIVERY_ROW_BYTES;
    const budgets = { perInstallationBytes: 3 * one, totalBytes: 4 * one };
    const old = new Date(Date.now() - 8 * 24 * HOUR);
    for (const key of ["e1", "e2", "e3"])
      expect(await s.storeEvents.addDelivery(delivery(a.id, key, 1000, old), budgets)).toHaveProperty("created");
    expect(await s.storeEvents.storedBytes(a.id)).toBe(3 * one);
    // the installation's budget is full: a new delivery is not stored; a copy of a kept one is still its duplicate
    expect(await s.storeEvents.addDelivery(delivery(a.id, "e4"), budgets)).toEqual({
      overBudget: { budget: "installation", storedBytes: 3 * one, limitBytes: 3 * one },
    });
    const dup = await s.storeEvents.addDelivery(delivery(a.id, "e2"), budgets);
    expect("existing" in dup && dup.existing.dedupeKey).toBe("e2");
    // the app's budget: b has room of its own, but all installations together have one delivery's left
    expect(await s.storeEvents.addDelivery(delivery(b.id, "f1"), budgets)).toHaveProperty("created");
    expect(await s.storeEvents.addDelivery(delivery(b.id, "f2"), budgets)).toEqual({
      overBudget: { budget: "app", storedBytes: 4 * one, limitBytes: 4 * one },
    });
    expect(await s.storeEvents.storedBytes()).toBe(4 * one);
    const kept = await s.storeEvents.recent(a.id, "io", 10);
    expect(kept.map((d) => d.dedupeKey).sort()).toEqual(["e1", "e2", "e3"]);
    // folded refusals are totalled by reason while they are kept
    const minuteAt = (m: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR - HOUR + m * 60_000);
    for (const minute of [1, 1, 2])
      await s.storeEvents.foldRefusal({
        foldKey: `io|${b.id}|full|${minute}`,
        installationId: b.id,
        channel: "io",
        detail: "full",
        at: minuteAt(minute),
      });
    expect(await s.storeEvents.refusalTotals(b.id, ["full", "other"])).toEqual({
      count: 3,
      firstAt: minuteAt(1),
      lastAt: minuteAt(2),
    });
    expect(await s.storeEvents.refusalTotals(a.id, ["full"])).toBeNull();
    // a's week-old deliveries (e2 was seen again just now: it stays) are deleted and give their bytes back
    if (!("existing" in dup)) throw new Error("e2 again should be its duplicate");
    await s.storeEvents.countDuplicate(dup.existing.id, new Date());
    expect(await s.storeEvents.prune(new Date(Date.now() - 7 * 24 * HOUR))).toBe(2);
    expect(await s.storeEvents.storedBytes(a.id)).toBe(one);
    expect(await s.storeEvents.storedBytes()).toBe(2 * one);
    expect(await s.storeEvents.addDelivery(delivery(a.id, "e4"), budgets)).toHaveProperty("created");
    // without budgets a delivery is stored and still counted
    expect(await s.storeEvents.addDelivery(delivery(b.id, "f3"))).toHaveProperty("created");
    expect(await s.storeEvents.storedBytes()).toBe(4 * one);
  });

  it("store events: concurrent deliveries of one installation never pass its budget together", async () => {
    const a = await installation();
    const one = 1000 + DELIVERY_ROW_BYTES;
    const budgets = { perInstallationBytes: 5 * one, totalBytes: 1000 * one };
    await s.storeEvents.addDelivery(delivery(a.id, "first"), budgets);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => s.storeEvents.addDelivery(delivery(a.id, `e${i}`), budgets)),
    );
    expect(results.filter((r) => "created" in r)).toHaveLength(4);
    expect(results.filter((r) => "overBudget" in r)).toHaveLength(16);
    expect(await s.storeEvents.storedBytes(a.id)).toBe(5 * one);
    expect(await s.storeEvents.recent(a.id, "io", 50)).toHaveLength(5);
  });

  it("a transaction commits all or nothing, and nested calls join it", async () => {
    await expect(
      s.transaction(async (tx) => {
        await tx.users.create("in-tx@example.com", "h");
        await tx.transaction(async (inner) => inner.users.create("inner@example.com", "h"));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await s.users.byEmailWithPassword("in-tx@example.com")).toBeNull();
    expect(await s.users.byEmailWithPassword("inner@example.com")).toBeNull();
  });
}
