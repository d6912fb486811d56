/**
 * A sync error as the Sync page shows it, in the advice table's words (lib/magento/store-advice.ts) for store
 * failures; a row breaking the declaration ("sync_data") says what the store answered and how to go on.
 */
import { adviceFor, STORE_ADVICE, type StoreProblem } from "@/lib/magento/store-advice";

export interface SyncErrorView {
  title: string;
  fix: string;
  message: string;
}

const DATA_ERROR = {
  title: "The store's answer does not fit the sync declaration",
  fix: "Nothing of that page was kept. Fix the declaration in lib/sync/entities/ if a field is wrong; if the store's clock was set back, use Resync from scratch once it is right.",
};

export function syncErrorView(code: string | null, message: string | null): SyncErrorView | null {
  if (!code && !message) return null;
  if (code === "sync_data") return { ...DATA_ERROR, message: message ?? "" };
  const problem: StoreProblem = code && Object.hasOwn(STORE_ADVICE, code) ? (code as StoreProblem) : "other";
  const advice = adviceFor(problem);
  return { title: advice.title, fix: advice.fix, message: message ?? "" };
}
