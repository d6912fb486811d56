/**
 * `npm run keys:reseal`: step 2 of rotating ENCRYPTION_KEY. Step 1: put the new key first (`k2:<new>,k1:<old>`)
 * and restart the app; new secrets are sealed with k2, old ones still open with k1. Step 2: run this with the same
 * ENCRYPTION_KEY and DATABASE_URL to re-seal every stored secret with k2. Step 3: drop k1 from ENCRYPTION_KEY.
 * Safe to run twice (the second run changes nothing).
 */
import { openDatabase, createSecretBox, createPrismaStorage } from "@magento-integration/storage";
import { getEnv } from "@/lib/env";
import { resealAllSecrets } from "@magento-integration/handshake";

async function main(): Promise<void> {
  const env = getEnv();
  const current = env.encryptionKeys[0]!.id;
  const db = openDatabase(env.databaseUrl);
  const changed = await resealAllSecrets(createPrismaStorage(db), createSecretBox(env.encryptionKeys));
  await db.close();
  console.log(
    changed === 0
      ? `Every stored secret is already sealed with key "${current}".`
      : `Re-sealed ${changed} stored secret(s) with key "${current}". Older keys can now be removed from ENCRYPTION_KEY.`,
  );
}

main().catch((e: unknown) => {
  console.error(`keys:reseal failed: ${(e as Error).message}`);
  process.exit(1);
});
