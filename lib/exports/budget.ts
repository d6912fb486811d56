/**
 * The stored-bytes budgets of exports: per account (the user who started them) and for the whole app. The store
 * decides how much an export holds, and manual stores cost nothing, so one account pointing exports at a store
 * that never runs out of pages would otherwise fill the database's disk; the app-wide budget keeps room for
 * everything else (sign-ins, jobs, tokens) however many accounts do it. An export that would pass a budget stops
 * before writing the page, saying which budget and how to get room again. Sizes come from env (lib/env.ts).
 */
import type { Storage } from "@magento-integration/storage";

/** Finished exports are deleted this long after they end (the upkeep job: lib/jobs/kinds/maintenance.ts). */
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface ExportBudgets {
  /** Bytes of NDJSON one account's exports keep (EXPORT_ACCOUNT_BUDGET_MIB). */
  perAccountBytes: number;
  /** Bytes of NDJSON every export of the app keeps together (EXPORT_TOTAL_BUDGET_MIB). */
  totalBytes: number;
}

export type BudgetCheck = { ok: true } | { ok: false; reason: string };

const mib = (n: number) => {
  const v = n / 1024 / 1024;
  return `${v < 10 ? Math.round(v * 10) / 10 : Math.round(v)} MiB`;
};
const EXPIRE_DAYS = EXPORT_TTL_MS / (24 * 60 * 60 * 1000);

/** Can `requestedBy`'s export store `moreBytes` more? (null requestedBy: the command line, app-wide budget only) */
export async function exportBudgetAllows(
  storage: Storage,
  budgets: ExportBudgets,
  requestedBy: string | null,
  moreBytes: number,
): Promise<BudgetCheck> {
  if (requestedBy !== null) {
    const mine = await storage.exports.storedBytes(requestedBy);
    if (mine + moreBytes > budgets.perAccountBytes)
      return {
        ok: false,
        reason: `Your exports already keep ${mib(mine)} of the ${mib(budgets.perAccountBytes)} one account may store. Download what you need; finished exports are deleted ${EXPIRE_DAYS} days after they end, which makes room again. Narrow the export (fewer fields, a filter) to fit.`,
      };
  }
  const all = await storage.exports.storedBytes();
  if (all + moreBytes > budgets.totalBytes)
    return {
      ok: false,
      reason: `The app's exports already keep ${mib(all)} of the ${mib(budgets.totalBytes)} they may store together, so the app's database does not fill up. Try again once older exports expire (${EXPIRE_DAYS} days after they end), or ask the app's administrator (EXPORT_TOTAL_BUDGET_MIB).`,
    };
  return { ok: true };
}
