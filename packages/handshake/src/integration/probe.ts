import { z } from "zod";
import { MagentoApiError, StoreError, storeMessageOf, type MagentoClient } from "@magento-integration/client";
import type { Storage } from "@magento-integration/storage";

export type ProbeResult =
  | { ok: true; storeViews: number; durationMs: number }
  | { ok: false; status: number; message: string; hint: string | undefined };

const storeViews = z.array(z.object({ code: z.string().optional(), name: z.string().optional() }).loose()).catch([]);

/**
 * Cheap health probe: a signed `GET /V1/store/storeViews` (needs no ACL resource beyond a working token).
 * A revocation 401 is handled by the tracked client (state change); here we only record the outcome. Run by a
 * user (diagnostics), after an activation, and on a schedule for every active installation (lib/jobs/kinds).
 */
export async function probeWithClient(
  storage: Storage,
  installationId: string,
  client: MagentoClient,
  now: () => Date,
): Promise<ProbeResult> {
  const started = now();
  const installation = await storage.installations.byId(installationId);
  try {
    const res = await client.request<unknown>({ method: "GET", path: "/V1/store/storeViews" });
    const all = storeViews.parse(res.data);
    // storeViews lists the admin scope (code "admin", id 0) too; the store views a merchant counts are the others
    const views = all.filter((s) => s.code !== "admin");
    const name = all.find((s) => s.code === "default")?.name;
    await storage.installations.stampChecked(installationId, now());
    if (name && installation) await storage.stores.setName(installation.storeId, name);
    await storage.events.add({
      installationId,
      kind: "probe_ok",
      message: `Health probe: GET /V1/store/storeViews answered (${views.length} store views).`,
      at: now(),
    });
    return { ok: true, storeViews: views.length, durationMs: res.durationMs ?? now().getTime() - started.getTime() };
  } catch (e) {
    const status = e instanceof MagentoApiError ? e.status : 0;
    const hint = e instanceof StoreError ? e.hint : undefined;
    await storage.installations.stampChecked(installationId, now());
    await storage.events.add({
      installationId,
      kind: "probe_failed",
      message: `Health probe failed${status ? ` (HTTP ${status})` : ""}.${hint ? ` ${hint}` : ""}`,
      storeMessage: storeMessageOf(e),
      at: now(),
    });
    return { ok: false, status, message: storeMessageOf(e), hint };
  }
}
