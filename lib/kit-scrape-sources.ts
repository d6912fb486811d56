/**
 * What the metrics (packages/storage/src/ops/metrics.ts) read from the database when scraped: open jobs of every worker, paused store
 * lanes, and the delta sync's lag and undelivered changes. Beside the kit, not in packages/storage/src/ops: it reads the sync's
 * cursors, and operations sit below the sync.
 */
import type { PortablePrisma } from "@magento-integration/storage";
import { lagSeconds } from "@magento-integration/sync";
import type { JobQueue } from "@magento-integration/storage/jobs";
import type { ScrapeSources } from "@magento-integration/storage/ops";

export function scrapeSources(
  queue: Pick<JobQueue, "openCounts">,
  prisma: PortablePrisma,
  now: () => Date = () => new Date(),
): ScrapeSources {
  return {
    openJobs: () => queue.openCounts(),
    async pausedLanes() {
      const where = { pausedUntil: { gt: now() } };
      // the rate governor's own words for a circuit pause (packages/storage/src/jobs/governor.ts)
      const [paused, open] = await Promise.all([
        prisma.jobLane.count({ where }),
        prisma.jobLane.count({ where: { ...where, reason: { startsWith: "circuit open" } } }),
      ]);
      return { paused, open };
    },
    async syncLag() {
      // paused syncs are behind on purpose: the Sync page says so, an alert should not
      const cursors = await prisma.syncCursor.findMany({
        where: { paused: false },
        select: { entity: true, lastPassAt: true, storeNow: true, markVersion: true, lastSweepAt: true },
      });
      const worst = new Map<string, number>();
      const at = now();
      for (const c of cursors) {
        const lag = lagSeconds(c, at);
        if (lag !== null) worst.set(c.entity, Math.max(lag, worst.get(c.entity) ?? 0));
      }
      return [...worst].map(([entity, seconds]) => ({ entity, seconds }));
    },
    async syncChanges() {
      const [pending, parked] = await Promise.all([
        prisma.syncChange.count({ where: { state: "pending" } }),
        prisma.syncChange.count({ where: { state: "parked" } }),
      ]);
      return { pending, parked };
    },
  };
}
