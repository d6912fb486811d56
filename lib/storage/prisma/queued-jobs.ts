import type { PortableQueries } from "@/lib/db";
import { deleteQueuedFor } from "@/lib/jobs/sql/statements";
import type { QueuedJobRepo } from "../storage";

/**
 * The job table's one write outside the job engine's own connection: the engine's named statement
 * (lib/jobs/sql/statements.ts), run here so it joins a storage transaction (a store's removal).
 */
export function prismaQueuedJobs(db: PortableQueries, provider: "sqlite" | "postgresql"): QueuedJobRepo {
  return {
    async deleteFor(refs) {
      if (refs.length === 0) return 0;
      const s = deleteQueuedFor(provider, refs);
      return db.$executeRawUnsafe(s.text, ...s.values);
    },
  };
}
