/**
 * The stored-bytes budgets of store events, as exports have theirs (lib/exports/budget.ts): per installation and
 * for the whole app. A linked store decides how much it sends, signed: at 256 KiB a delivery and 1,200 a minute,
 * kept a week, one store alone could otherwise fill the database's disk; the app-wide budget keeps room for
 * everything else however many stores do it. A delivery that would pass a budget is not stored: it is folded into
 * the refusals of its minute (the Events page counts them, and says since when), a Commerce webhook is still
 * answered success (the store's action goes on: a full budget must not break the shop), an I/O event is answered
 * 429 so Adobe retries it later. Polling keeps the store in step meanwhile. Sizes come from env (lib/env.ts).
 */
import {
  type OverBudget,
  type RefusalTotals,
  type StoredEventBudgets,
  EVENT_DELIVERY_TTL_MS,
} from "@magento-integration/storage";

export type EventBudgets = StoredEventBudgets;

/** The reason a delivery past a budget is folded under (the Events page finds them by these words). */
export const OVER_BUDGET_DETAIL: Record<OverBudget["budget"], string> = {
  installation: "not kept: this store's events use all the space one store may keep",
  app: "not kept: the app's stored events use all the space they may keep together",
};

/** How long Adobe is asked to wait before retrying an I/O event refused for the budget. */
export const OVER_BUDGET_RETRY_SECONDS = 15 * 60;

const mib = (n: number) => {
  const v = n / 1024 / 1024;
  return `${v < 10 ? Math.round(v * 10) / 10 : Math.round(v)} MiB`;
};
const KEPT_DAYS = EVENT_DELIVERY_TTL_MS / (24 * 60 * 60 * 1000);
const when = (d: Date) => `${d.toISOString().replace("T", " ").slice(0, 16)} UTC`;

export interface EventStorageView {
  storeBytes: number;
  storeLimitBytes: number;
  appBytes: number;
  appLimitBytes: number;
  /** One line of what is kept: "12 MiB of the 1024 MiB this store's events may keep". */
  usage: string;
  /** Deliveries not kept for a budget while their refusals are kept (a week), in the merchant's words; else null. */
  refused: { count: number; since: Date; lastAt: Date; message: string } | null;
}

/** What the Events page says about the budgets of one installation. */
export function eventStorageView(
  budgets: EventBudgets,
  used: { storeBytes: number; appBytes: number },
  refusedFor: Record<OverBudget["budget"], RefusalTotals | null>,
): EventStorageView {
  const store = refusedFor.installation;
  const app = refusedFor.app;
  const refusals: RefusalTotals | null =
    store && app
      ? {
          count: store.count + app.count,
          firstAt: store.firstAt < app.firstAt ? store.firstAt : app.firstAt,
          lastAt: store.lastAt > app.lastAt ? store.lastAt : app.lastAt,
        }
      : (store ?? app);
  // the budget named is the one the latest refusal was for
  const storeFull = store !== null && (app === null || store.lastAt >= app.lastAt);
  const which = storeFull
    ? `This store's events keep ${mib(used.storeBytes)} of the ${mib(budgets.perInstallationBytes)} one store may keep.`
    : `The app's stored events keep ${mib(used.appBytes)} of the ${mib(budgets.totalBytes)} all stores may keep together.`;
  return {
    storeBytes: used.storeBytes,
    storeLimitBytes: budgets.perInstallationBytes,
    appBytes: used.appBytes,
    appLimitBytes: budgets.totalBytes,
    usage: `${mib(used.storeBytes)} of the ${mib(budgets.perInstallationBytes)} this store's events may keep`,
    refused: refusals
      ? {
          count: refusals.count,
          since: refusals.firstAt,
          lastAt: refusals.lastAt,
          message:
            `Since ${when(refusals.firstAt)}, ${refusals.count.toLocaleString("en")} ${refusals.count === 1 ? "delivery was" : "deliveries were"} not kept ` +
            `(the last at ${when(refusals.lastAt)}): the app had no room left for them. ${which} ` +
            `Their changes still reach the app by polling (the Sync page); Adobe retries I/O Events for a day. ` +
            `Deliveries are deleted ${KEPT_DAYS} days after they were last seen, which makes room again; ` +
            `${storeFull ? "fewer subscribed webhooks and events make it last longer, or ask the app's administrator (EVENT_STORE_BUDGET_MIB)." : "ask the app's administrator (EVENT_TOTAL_BUDGET_MIB)."}`,
        }
      : null,
  };
}
