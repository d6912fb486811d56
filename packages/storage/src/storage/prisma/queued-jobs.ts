import type { PortableQueries } from "../../db.ts";
import { deleteQueuedFor } from "../../jobs/sql/statements.ts";
import type { QueuedJobRepo } from "../storage.ts";

/**
 * The job table's one write outside the job engine's own connection: the engine's named statement
 * (packages/storage/src/jobs/sql/statements.ts), run here so it joins a storage transaction (a store's removal).
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
