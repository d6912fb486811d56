/**
 * Health probes as jobs: one after each activation, and one for every active installation every interval
 * (`health.sweep`), so a store deleted or reauthorized in the admin shows as revoked or needing reauthorization
 * within one interval with nobody opening a page. A probe is a signed GET /V1/store/storeViews through the
 * tracked client (packages/handshake/src/integration/installation-client.ts marks a revocation 401).
 */
import { z } from "zod";
import { probeWithClient } from "./probe.ts";
import {
  defineJob,
  type JobKind,
  type JobModule,
  type SendOptions,
  storeLane,
  type CoreJobServices,
} from "@magento-integration/storage/jobs";
import type { MagentoClient } from "@magento-integration/client";
import type { Storage, InstallationWithStore } from "@magento-integration/storage";

export const PROBE_JOB = "installation.probe";
export const HEALTH_SWEEP_JOB = "health.sweep";
/** At most this many installations are probed per sweep (the oldest checks first). */
const SWEEP_BATCH = 10_000;

/** What health probes use of the kit, beyond every kind's log, clock and senders (lib/kit.ts builds it). */
export interface ProbeJobServices extends CoreJobServices {
  storage: Storage;
  /** A signed client without a user (stores.systemClient), calling through `storeFetch`; null when unusable. */
  systemClient(installation: string | InstallationWithStore, storeFetch: typeof fetch): Promise<MagentoClient | null>;
  /** How often every active installation is probed. */
  healthProbeEveryMs: number;
}

export const probeJob = {
  kind: PROBE_JOB,
  options(inst: { id: string; store: { baseUrl: string } }): SendOptions {
    return {
      lane: storeLane(inst.store.baseUrl),
      key: `probe:${inst.id}`,
      dedupe: true,
      ref: inst.id,
      retryLimit: 2,
      retryDelaySeconds: 10,
      leaseSeconds: 60,
    };
  },
};

export function probeJobs(s: ProbeJobServices): JobKind[] {
  return [
    defineJob({
      kind: PROBE_JOB,
      // nobody waits on it: it runs once a worker's handshakes are done (packages/storage/src/jobs/foreground.ts)
      priority: "background",
      schema: z.object({ installationId: z.string(), reason: z.enum(["activation", "schedule"]) }),
      async run({ installationId }, ctx) {
        const client = await s.systemClient(installationId, ctx.storeFetch);
        if (!client) return { output: { skipped: "no usable credentials" } };
        const result = await probeWithClient(s.storage, installationId, client, s.now);
        return { output: result };
      },
    }),
    defineJob({
      kind: HEALTH_SWEEP_JOB,
      schema: z.object({}).loose(),
      async run() {
        const targets = await s.storage.installations.listProbeTargets(SWEEP_BATCH);
        let sent = 0;
        for (const t of targets) {
          if (
            await s.send(
              PROBE_JOB,
              { installationId: t.id, reason: "schedule" },
              probeJob.options({ id: t.id, store: { baseUrl: t.baseUrl } }),
            )
          )
            sent++;
        }
        return { output: { installations: targets.length, probesQueued: sent } };
      },
    }),
  ];
}

/** Health probes' job module (registered by createKit, lib/kit.ts): after each activation, and a sweep of every active store. */
export const probeJobModule: JobModule<ProbeJobServices> = {
  labels: { [PROBE_JOB]: "Health probe", [HEALTH_SWEEP_JOB]: "Health probes (all stores)" },
  kinds: probeJobs,
  recurring: (s) => [{ kind: HEALTH_SWEEP_JOB, everyMs: s.healthProbeEveryMs }],
};
