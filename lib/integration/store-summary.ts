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
  activatedAt: Date | null;
  mode: "oauth" | "manual";
}

const select = {
  id: true,
  state: true,
  failureReason: true,
  lastSuccessAt: true,
  activatedAt: true,
  mode: true,
  store: { select: { id: true, baseUrl: true, name: true } },
} as const;

type Row = {
  id: string;
  state: string;
  failureReason: string | null;
  lastSuccessAt: Date | null;
  activatedAt: Date | null;
  mode: string;
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
    activatedAt: r.activatedAt,
    mode: r.mode === "manual" ? "manual" : "oauth",
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
