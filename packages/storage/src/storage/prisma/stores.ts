import type { PortableQueries } from "../../db.ts";
import type { StoreRepo } from "../storage.ts";
import { toStore } from "./rows.ts";

export function prismaStores(db: PortableQueries): StoreRepo {
  return {
    async byBaseUrl(baseUrl) {
      const r = await db.store.findUnique({ where: { baseUrl } });
      return r ? toStore(r) : null;
    },
    async ensure(baseUrl) {
      return toStore(await db.store.upsert({ where: { baseUrl }, create: { baseUrl }, update: {} }));
    },
    async rememberSignature(id, signature) {
      await db.store.update({
        where: { id },
        data: { signatureMethod: signature.method, signatureMode: signature.mode },
      });
    },
    async setName(id, name) {
      await db.store.update({ where: { id }, data: { name } });
    },
    async markProven(baseUrl, signature, at, name) {
      const sig = { signatureMethod: signature.method, signatureMode: signature.mode };
      const named = name ? { name } : {};
      const r = await db.store.upsert({
        where: { baseUrl },
        create: { baseUrl, ...sig, ...named, provenAt: at },
        update: { ...sig, ...named },
      });
      if (r.provenAt) return toStore(r);
      return toStore(await db.store.update({ where: { id: r.id }, data: { provenAt: at } }));
    },
    async deleteIfUnused(id) {
      await db.store.deleteMany({ where: { id, installations: { none: {} } } });
    },
    async pruneUnproven(cutoff) {
      const r = await db.store.deleteMany({
        where: { provenAt: null, createdAt: { lt: cutoff }, installations: { none: {} } },
      });
      return r.count;
    },
  };
}
