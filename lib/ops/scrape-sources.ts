/** What /api/ops/metrics reads from the database when scraped: open jobs of every worker, paused store lanes. */
import type { PortablePrisma } from "@/lib/db";
import type { JobQueue } from "@/lib/jobs/queue";
import type { ScrapeSources } from "./metrics";

export function scrapeSources(
  queue: Pick<JobQueue, "openCounts">,
  prisma: PortablePrisma,
  now: () => Date = () => new Date(),
): ScrapeSources {
  return {
    openJobs: () => queue.openCounts(),
    async pausedLanes() {
      const where = { pausedUntil: { gt: now() } };
      // the rate governor's own words for a circuit pause (lib/jobs/governor.ts)
      const [paused, open] = await Promise.all([
        prisma.jobLane.count({ where }),
        prisma.jobLane.count({ where: { ...where, reason: { startsWith: "circuit open" } } }),
      ]);
      return { paused, open };
    },
  };
}
