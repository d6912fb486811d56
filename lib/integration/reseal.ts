import type { Db } from "@/lib/db";
import type { SecretBox } from "@/lib/secret-box";

/**
 * Key rotation, step 2. Step 1: put the new key first in ENCRYPTION_KEY (`k2:<new>,k1:<old>`) and restart; new
 * secrets are sealed with k2 and old ones still open. Step 2: run this to re-seal every stored secret with the
 * current key. Step 3: remove the old key from ENCRYPTION_KEY. Idempotent; returns how many values changed.
 */
export async function resealAllSecrets(db: Db, box: SecretBox): Promise<number> {
  let changed = 0;
  const reseal = (v: string | null): string | null => {
    if (v === null || !box.needsRotation(v)) return v;
    changed++;
    return box.seal(box.open(v));
  };
  for (const i of await db.installation.findMany()) {
    const data = {
      consumerSecretEnc: reseal(i.consumerSecretEnc)!,
      accessTokenEnc: reseal(i.accessTokenEnc),
      accessTokenSecretEnc: reseal(i.accessTokenSecretEnc),
    };
    await db.installation.updateMany({ where: { id: i.id, updatedAt: i.updatedAt }, data });
  }
  for (const a of await db.activation.findMany()) {
    await db.activation.update({ where: { id: a.id }, data: { consumerSecretEnc: reseal(a.consumerSecretEnc)!, verifierEnc: reseal(a.verifierEnc)! } });
  }
  for (const p of await db.portalApp.findMany()) {
    await db.portalApp.update({ where: { id: p.id }, data: { appSecretEnc: reseal(p.appSecretEnc)!, cachedTokenEnc: reseal(p.cachedTokenEnc) } });
  }
  return changed;
}
