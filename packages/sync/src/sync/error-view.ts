/**
 * A sync error as the Sync page shows it, in the advice table's words (packages/client/src/magento/store-advice.ts): a store
 * failure's row, or for a row breaking the declaration ("sync_data") what the store answered and how to go on.
 */
import { adviceFor, isStoreProblem } from "@magento-integration/client/advice";

export interface SyncErrorView {
  title: string;
  fix: string;
  message: string;
}

export function syncErrorView(code: string | null, message: string | null): SyncErrorView | null {
  if (!code && !message) return null;
  const advice = adviceFor(code && isStoreProblem(code) ? code : "other");
  return { title: advice.title, fix: advice.fix, message: message ?? "" };
}
