import type { MagentoClient } from "@/lib/magento";
import type { Db } from "@/lib/db";
import { addEvent } from "@/lib/integration/deps";

export type ProbeResult =
  | { ok: true; storeViews: number; durationMs: number }
  | { ok: false; status: number; message: string; hint: string | undefined };

/**
 * Cheap health probe: a signed `GET /V1/store/storeViews` (needs no ACL resource beyond a working token).
 * A revocation 401 is handled by the tracked client (state change); here we only record the outcome.
 */
export async function probeWithClient(
  db: Db,
  installationId: string,
  client: MagentoClient,
  now: () => Date,
): Promise<ProbeResult> {
  const started = now();
  try {
    const res = await client.request<unknown[]>({ method: "GET", path: "/V1/store/storeViews" });
    const names = Array.isArray(res.data) ? (res.data as Array<{ code?: string; name?: string }>) : [];
    // storeViews lists the admin scope (code "admin", id 0) too; the store views a merchant counts are the others
    const n = names.filter((s) => s.code !== "admin").length;
    const name = names.find((s) => s.code === "default")?.name;
    const inst = await db.installation.update({ where: { id: installationId }, data: { lastCheckedAt: now() }, select: { storeId: true } });
    if (name) await db.store.update({ where: { id: inst.storeId }, data: { name } });
    await addEvent(db, { installationId, kind: "probe_ok", message: `Health probe: GET /V1/store/storeViews answered (${n} store views).`, at: now() });
    return { ok: true, storeViews: n, durationMs: res.durationMs ?? now().getTime() - started.getTime() };
  } catch (e) {
    const err = e as { status?: number; renderedMessage?: string; message?: string; hint?: string };
    await db.installation.update({ where: { id: installationId }, data: { lastCheckedAt: now() } });
    await addEvent(db, {
      installationId,
      kind: "probe_failed",
      message: `Health probe failed${err.status ? ` (HTTP ${err.status})` : ""}.${err.hint ? ` ${err.hint}` : ""}`,
      storeMessage: err.renderedMessage ?? err.message ?? null,
      at: now(),
    });
    return { ok: false, status: err.status ?? 0, message: err.renderedMessage ?? err.message ?? "unknown error", hint: err.hint };
  }
}
