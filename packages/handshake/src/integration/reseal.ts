import type { Storage, SecretBox } from "@magento-integration/storage";

/**
 * Key rotation, step 2. Step 1: put the new key first in ENCRYPTION_KEY (`k2:<new>,k1:<old>`) and restart; new
 * secrets are sealed with k2 and old ones still open. Step 2: run this to re-seal every stored secret with the
 * current key. Step 3: remove the old key from ENCRYPTION_KEY. Idempotent; returns how many values changed.
 */
export async function resealAllSecrets(storage: Storage, box: SecretBox): Promise<number> {
  let changed = 0;
  const reseal = (v: string): string => {
    if (!box.needsRotation(v)) return v;
    changed++;
    return box.seal(box.open(v));
  };
  const resealOptional = (v: string | null): string | null => (v === null ? null : reseal(v));
  for (const i of await storage.installations.sealed()) {
    await storage.installations.replaceSealed(i.id, i.updatedAt, {
      consumerSecretEnc: reseal(i.consumerSecretEnc),
      accessTokenEnc: resealOptional(i.accessTokenEnc),
      accessTokenSecretEnc: resealOptional(i.accessTokenSecretEnc),
    });
  }
  for (const a of await storage.activations.sealed()) {
    await storage.activations.replaceSealed(a.id, {
      consumerSecretEnc: reseal(a.consumerSecretEnc),
      verifierEnc: reseal(a.verifierEnc),
      requestTokenEnc: resealOptional(a.requestTokenEnc),
      requestTokenSecretEnc: resealOptional(a.requestTokenSecretEnc),
    });
  }
  for (const p of await storage.portalApps.sealed()) {
    await storage.portalApps.replaceSealed(p.userId, {
      appSecretEnc: p.appSecretEnc === "" ? "" : reseal(p.appSecretEnc),
      cachedTokenEnc: resealOptional(p.cachedTokenEnc),
    });
  }
  return changed;
}
