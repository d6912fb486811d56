import { getEnv, type Env } from "@/lib/env";
import { openDatabase, createSecretBox } from "@magento-integration/storage";
import { createLogger } from "@/lib/log";
import { createStoreFetch } from "@magento-integration/client/net";
import { createKit, type Kit, type KitOptions } from "@/lib/kit";
import type { WorkerSettings } from "@/lib/verbs/jobs";
import { parseMailConfig } from "@magento-integration/handshake/mail";

/** The kit as the environment configures it: the app (app/_kit), `npm run worker`, and the scripts use this. */
export function kitFromEnv(env: Env = getEnv(), overrides: Partial<KitOptions> = {}): Kit {
  return createKit({
    env,
    db: overrides.db ?? openDatabase(env.databaseUrl),
    secretBox: createSecretBox(env.encryptionKeys),
    log: createLogger({ level: env.logLevel }),
    fetch: overrides.fetch ?? createStoreFetch({ allowPrivate: env.allowPrivateStoreUrls }),
    healthProbeEveryMs: env.worker.healthProbeEveryMs,
    ...(env.worker.maxLeaseSeconds ? { maxLeaseSeconds: env.worker.maxLeaseSeconds } : {}),
    mail: () => parseMailConfig(process.env, env.appUrl, env.nodeEnv === "production"),
    ...overrides,
  });
}

export function workerSettings(env: Env): WorkerSettings {
  return {
    concurrency: env.worker.concurrency,
    laneCap: env.worker.storeConcurrency,
    pollMs: env.worker.pollMs,
    healthProbeEveryMs: env.worker.healthProbeEveryMs,
  };
}
