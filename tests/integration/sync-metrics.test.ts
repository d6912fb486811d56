/**
 * The sync's metrics (kit_sync_lag_seconds, kit_sync_changes) read what the Sync page reads: the worst lag per
 * entity among stores whose sync runs, and changes the handlers have not taken yet.
 */
import { afterEach, describe, expect, it } from "vitest";
import { PROVIDERS } from "../helpers/databases";
import { startSyncHarness, type SyncHarness } from "../helpers/sync-harness";
import { metrics } from "@magento-integration/storage/ops";
import { scrapeSources } from "@/lib/kit-scrape-sources";
import { MAX_ATTEMPTS } from "@magento-integration/sync";

/** One gauge's value for one label set, from the Prometheus text; undefined when the series is absent. */
async function gauge(name: string, label: string): Promise<number | undefined> {
  const text = await metrics().registry.metrics();
  const line = text.split("\n").find((l) => l.startsWith(`${name}{${label}} `));
  return line === undefined ? undefined : Number(line.split(" ")[1]);
}

describe.each(PROVIDERS)("sync metrics on %s", (provider) => {
  let s: SyncHarness | undefined;
  afterEach(async () => {
    metrics().scrapeSources.current = null;
    await s?.close();
    s = undefined;
  });

  it("lag grows with the time since the last pass, a paused sync leaves the gauge, parked changes are counted", async () => {
    s = await startSyncHarness(provider);
    const id = s.installationId;
    metrics().scrapeSources.current = scrapeSources({ openCounts: async () => [] }, s.h.db, () => s!.h.clock.now());
    expect(await gauge("kit_sync_lag_seconds", 'entity="orders"')).toBeUndefined(); // no pass yet

    await s.h.kit.sync.runPass(id, "orders");
    expect(await gauge("kit_sync_lag_seconds", 'entity="orders"')).toBeLessThanOrEqual(1);
    s.h.clock.advance(600_000);
    const lag = await gauge("kit_sync_lag_seconds", 'entity="orders"');
    expect(lag).toBeGreaterThanOrEqual(600);
    expect(lag).toBeLessThan(700);
    const page = (await s.h.kit.sync.status(id, null))!.find((e) => e.entity === "orders")!;
    expect(Math.abs(page.lagSeconds! - lag!)).toBeLessThanOrEqual(1); // the page and the metric say the same

    await s.h.kit.sync.pause(id, null, "orders");
    expect(await gauge("kit_sync_lag_seconds", 'entity="orders"')).toBeUndefined();
    await s.h.kit.sync.resume(id, null, "orders");

    await s.moveStoreClock(10);
    await s.churn({ seed: 5, updates: 1 });
    s.failHandler(MAX_ATTEMPTS * 2);
    let pass = await s.h.kit.sync.runPass(id, "orders");
    expect(await gauge("kit_sync_changes", 'state="pending"')).toBeGreaterThan(0);
    for (let i = 0; i < MAX_ATTEMPTS && pass.parked === 0; i++) {
      s.h.clock.advance(2 * 60 * 60_000);
      pass = await s.h.kit.sync.runPass(id, "orders");
    }
    const parked = (await s.h.kit.sync.parked(id, null))!.length;
    expect(parked).toBeGreaterThan(0);
    expect(await gauge("kit_sync_changes", 'state="parked"')).toBe(parked);
  });
});
