/**
 * A kit over a test database, as integration tests build it: the test environment (plus `env`), the test secret
 * box, a silent logger, the plain fetch; anything else of KitOptions given in `options`. Its job tables are ready.
 */
import { createKit, type Kit, type KitOptions } from "@/lib/kit";
import { parseEnv } from "@/lib/env";
import { createSecretBox } from "@magento-integration/storage";
import { createLogger } from "@/lib/log";
import type { TestDatabase } from "./databases";

export async function testKit(
  db: TestDatabase,
  options: Partial<Omit<KitOptions, "env" | "db">> & { env?: Record<string, string> } = {},
): Promise<Kit> {
  const { env, ...rest } = options;
  const kit = createKit({
    env: parseEnv({ NODE_ENV: "test", DATABASE_URL: db.url, ...env }),
    db: db.database,
    secretBox: createSecretBox([{ id: "t1", key: Buffer.alloc(32, 9) }]),
    log: createLogger({ level: "silent" }),
    fetch: globalThis.fetch,
    ...rest,
  });
  await kit.jobs.queue.start();
  return kit;
}
