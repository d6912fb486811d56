/**
 * A store's signature family found once, right after activation, while a dashboard fires many calls at once
 * (docs/signature-families.md#detecting-the-family). Against the dev store's 2.4.8 (family D) and 2.4.9 (family E)
 * profiles: 20 concurrent calls of several pages, mixed GETs whose query values (dates, `like`, `fields=`) or
 * parameter order (a filter group index of 10 next to 2–9) sign differently per family, plain GETs and a PUT.
 * Every call is accepted, and the store refuses at most one signature: the call that found the family. The family
 * found is stored for the installation's store: a second process on the same database, and the kit after a store
 * restart (same data, same address), sign every call right at once; a store upgraded behind the kit's back is
 * found again, and then nothing more is refused.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/handshake-harness";
import { PROVIDERS, type TestDatabase } from "../helpers/databases";
import { testKit } from "../helpers/test-kit";
import { openDatabase, createPrismaStorage } from "@magento-integration/storage";
import { listFields, MagentoApiError, searchCriteria, type MagentoClient } from "@magento-integration/client";
import type { Kit } from "@/lib/kit";
import type { ProfileName } from "../../packages/devstore/src/config/profiles";

/** The store's answers to signed calls, as the kit's fetch saw them. */
interface StoreLog {
  signed: number;
  refused: number;
}

/** The kit's store fetch, counting signed requests and the store's "The signature is invalid" 401s. */
function countingFetch(log: StoreLog): typeof fetch {
  return async (input, init) => {
    const res = await globalThis.fetch(input, init);
    const headers = new Headers(init?.headers);
    if (!/^OAuth /i.test(headers.get("authorization") ?? "")) return res;
    log.signed++;
    if (res.status === 401 && (await res.clone().text()).includes("The signature is invalid")) log.refused++;
    return res;
  };
}

/** One page's calls: two with D-sensitive values, one with E-sensitive order, a C-sensitive path, plain ones. */
function pageCalls(client: MagentoClient, page: number): Array<() => Promise<unknown>> {
  let groups = searchCriteria().pageSize(2);
  for (let i = 0; i < 11; i++) groups = groups.where("sku", "notnull"); // groups 0…10: natural ≠ byte order
  return [
    () =>
      client.request({
        method: "GET",
        path: "/V1/orders",
        searchCriteria: searchCriteria()
          .where("created_at", "gt", "2020-01-01 00:00:00")
          .sortBy("created_at", "DESC")
          .pageSize(3),
        fields: listFields("increment_id", "created_at") + ",total_count",
      }),
    () =>
      client.request({ method: "GET", path: "/V1/products", searchCriteria: groups, fields: "items[sku],total_count" }),
    () =>
      client.request({
        method: "GET",
        path: "/V1/customers/search",
        searchCriteria: searchCriteria().where("email", "like", "%@%").pageSize(2),
      }),
    // ":" and "@" travel as %3A/%40 in the path; an unknown SKU is a 404 only after the signature was accepted
    () =>
      client
        .request({ method: "GET", path: "/V1/products/{sku}", pathParams: { sku: `NO:SUCH@SKU-${page}` } })
        .catch((e: unknown) => {
          if (e instanceof MagentoApiError && e.status === 404) return e;
          throw e;
        }),
    () => client.call("getStoreStoreViews", {}),
    () =>
      client.request({
        method: "PUT",
        path: "/V1/products/{sku}",
        pathParams: { sku: "24-MB01" },
        body: { product: { name: `Joust Duffle Bag ${page}` } },
      }),
  ];
}

/** 20 calls at once, as four pages opened together would make them (each page reads its store view). */
async function dashboardBurst(kit: Kit, installationId: string, userId: string): Promise<unknown[]> {
  const pages = await Promise.all([0, 1, 2, 3].map(() => kit.stores.view(installationId, userId)));
  const calls = pages.flatMap((view, i) => pageCalls(view!.client(), i)).slice(0, 20);
  expect(calls).toHaveLength(20);
  const settled = await Promise.allSettled(calls.map((call) => call()));
  const failed = settled.filter((s) => s.status === "rejected").map((s) => String((s as PromiseRejectedResult).reason));
  expect(failed).toEqual([]);
  return settled;
}

interface Linked {
  h: Harness;
  log: StoreLog;
  installationId: string;
  userId: string;
}

async function activate(harness: Harness, log: StoreLog): Promise<Linked> {
  const integ = await harness.createIntegration("Family");
  await harness.activate(integ.id);
  const [outcome] = await harness.settle();
  expect(outcome).toMatchObject({ kind: "succeeded" });
  const inst = await harness.installation(integ.consumer_key);
  const owner = await harness.storage.users.create(`owner-${integ.id}@example.com`, "x");
  await harness.storage.links.link(inst.id, owner.id);
  log.signed = 0;
  log.refused = 0;
  return { h: harness, log, installationId: inst.id, userId: owner.id };
}

const FAMILY: Record<"2.4.8" | "2.4.9", string> = { "2.4.8": "D", "2.4.9": "E" };

describe.each(PROVIDERS)("signature family found once under concurrent calls (%s)", (provider) => {
  let h: Harness | undefined;
  let dir: string | undefined;
  const extraKits: Kit[] = [];
  afterEach(async () => {
    for (const k of extraKits.splice(0)) await k.close(2_000);
    await h?.close();
    h = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  async function start(profile: ProfileName, log: StoreLog, stateFile?: string): Promise<Linked> {
    h = await startHarness({
      provider,
      store: { profile, ...(stateFile ? { stateFile } : {}) },
      kit: { fetch: countingFetch(log) },
    });
    return activate(h, log);
  }

  it.each(["2.4.8", "2.4.9"] as const)(
    "profile %s: 20 calls right after activation are all accepted; at most the detection call is refused",
    async (profile) => {
      const log: StoreLog = { signed: 0, refused: 0 };
      const { installationId, userId } = await start(profile, log);
      await dashboardBurst(h!.kit, installationId, userId);
      expect(log.refused).toBeLessThanOrEqual(1);
      const inst = await h!.storage.installations.byId(installationId);
      expect(inst?.store.signature.mode).toBe(FAMILY[profile]);

      // the family is known now: a second burst is never refused
      log.refused = 0;
      await dashboardBurst(h!.kit, installationId, userId);
      expect(log.refused).toBe(0);
    },
  );

  it("profile 2.4.8: another process on the same database signs right at once (the family is stored)", async () => {
    const log: StoreLog = { signed: 0, refused: 0 };
    const { installationId, userId } = await start("2.4.8", log);
    await dashboardBurst(h!.kit, installationId, userId);
    expect(log.refused).toBeLessThanOrEqual(1);

    const database = openDatabase(h!.database.url, { poolSize: 2 });
    const second: TestDatabase = {
      provider,
      url: h!.database.url,
      database,
      storage: createPrismaStorage(database),
      dispose: () => database.close(),
    };
    const other = await testKit(second, { fetch: countingFetch(log) });
    extraKits.push(other);
    log.refused = 0;
    await dashboardBurst(other, installationId, userId);
    expect(log.refused).toBe(0);
  });

  it("profile 2.4.8: after a store restart (same data and address) the kit's family still signs every call", async () => {
    dir = mkdtempSync(join(tmpdir(), "family-state-"));
    const stateFile = join(dir, "devstore-state.json");
    const log: StoreLog = { signed: 0, refused: 0 };
    const { installationId, userId } = await start("2.4.8", log, stateFile);
    await dashboardBurst(h!.kit, installationId, userId);
    expect(log.refused).toBeLessThanOrEqual(1);

    const port = Number(new URL(h!.store.url).port);
    await h!.restartStore({ port, stateFile, profile: "2.4.8" });
    log.refused = 0;
    await dashboardBurst(h!.kit, installationId, userId);
    expect(log.refused).toBe(0);
  });

  it("a store upgraded from 2.4.8 to 2.4.9 behind the kit's back: every call accepted, family E found and kept", async () => {
    dir = mkdtempSync(join(tmpdir(), "family-state-"));
    const stateFile = join(dir, "devstore-state.json");
    const log: StoreLog = { signed: 0, refused: 0 };
    const { installationId, userId } = await start("2.4.8", log, stateFile);
    await dashboardBurst(h!.kit, installationId, userId);

    const port = Number(new URL(h!.store.url).port);
    await h!.restartStore({ port, stateFile, profile: "2.4.9" });
    log.refused = 0;
    log.signed = 0;
    await dashboardBurst(h!.kit, installationId, userId);
    // calls already sent in D when the first refusal came back are refused once each; finding E takes two more
    expect(log.refused).toBeLessThanOrEqual(20 + 2);
    const inst = await h!.storage.installations.byId(installationId);
    expect(inst?.store.signature.mode).toBe("E");

    log.refused = 0;
    await dashboardBurst(h!.kit, installationId, userId);
    expect(log.refused).toBe(0);
  });
});
