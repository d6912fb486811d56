import type { Db } from "@/lib/db";
import type { InstallationState } from "@/lib/integration/states";
import { isInstallationState } from "@/lib/integration/states";

export interface StoreSummary {
  installationId: string;
  storeId: string;
  baseUrl: string;
  name: string | null;
  state: InstallationState;
  failureReason: string | null;
  lastSuccessAt: Date | null;
  /** When a call or the health probe last looked at the store (the state below is as of then). */
  lastCheckedAt: Date | null;
  activatedAt: Date | null;
  mode: "oauth" | "manual";
  /** The name the app's users gave the store, if any. */
  label: string | null;
  consumerKey: string;
}

const select = {
  id: true,
  state: true,
  failureReason: true,
  lastSuccessAt: true,
  lastCheckedAt: true,
  activatedAt: true,
  mode: true,
  label: true,
  consumerKey: true,
  store: { select: { id: true, baseUrl: true, name: true } },
} as const;

type Row = {
  id: string;
  state: string;
  failureReason: string | null;
  lastSuccessAt: Date | null;
  lastCheckedAt: Date | null;
  activatedAt: Date | null;
  mode: string;
  label: string | null;
  consumerKey: string;
  store: { id: string; baseUrl: string; name: string | null };
};

function toSummary(r: Row): StoreSummary {
  return {
    installationId: r.id,
    storeId: r.store.id,
    baseUrl: r.store.baseUrl,
    name: r.store.name,
    state: isInstallationState(r.state) ? r.state : "failed",
    failureReason: r.failureReason,
    lastSuccessAt: r.lastSuccessAt,
    lastCheckedAt: r.lastCheckedAt,
    activatedAt: r.activatedAt,
    mode: r.mode === "manual" ? "manual" : "oauth",
    label: r.label,
    consumerKey: r.consumerKey,
  };
}

export async function listStoresForUser(db: Db, userId: string): Promise<StoreSummary[]> {
  const rows = await db.installation.findMany({
    where: { users: { some: { userId } } },
    select,
    orderBy: { createdAt: "asc" },
  });
  return rows.map(toSummary);
}

export async function getStoreForUser(db: Db, installationId: string, userId: string): Promise<StoreSummary | null> {
  const row = await db.installation.findFirst({ where: { id: installationId, users: { some: { userId } } }, select });
  return row ? toSummary(row) : null;
}
