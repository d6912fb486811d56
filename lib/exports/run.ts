/**
 * The export job's work: read store pages from the export's next page on and store each as NDJSON (one row per
 * store page, packages/storage/src/storage ExportRepo.savePage), until done or until the slice's time is up; the job then gives
 * its lease back and goes on later, so a crash loses at most the page being read and other stores' jobs get
 * their turn in between (lib/jobs/kinds/export.ts).
 */
import type { MagentoClient } from "@magento-integration/client";
import type { Storage, ExportRecord } from "@magento-integration/storage";
import { exportOptionsSchema, type ExportSpec } from "./options";
import { countRows, pastEnd, readPage } from "./pages";
import { exportBudgetAllows, type ExportBudgets } from "./budget";

export function specOf(record: ExportRecord): ExportSpec {
  return exportOptionsSchema.parse(JSON.parse(record.options));
}

/**
 * The most NDJSON one export stores, in characters. The store decides how many pages there are (`total_count`,
 * followed as it changes) and how large each is: a store that never runs out of pages (a broken one, or one an
 * attacker runs behind a manual store or his own activation) would otherwise fill the app's database. 100,000
 * products with their default fields are far below it.
 */
export const EXPORT_MAX_CHARS = 1024 ** 3;

/**
 * Returns "done" (also when it failed: over EXPORT_MAX_CHARS, or over its account's or the app's stored-bytes
 * budget, lib/exports/budget.ts, checked before each page is written), or "more" when the time was up first.
 */
export async function exportSlice(
  deps: { storage: Storage; now: () => Date; budgets: ExportBudgets; maxChars?: number },
  record: ExportRecord,
  client: MagentoClient,
  until: Date,
): Promise<"done" | "more"> {
  const spec = specOf(record);
  const maxChars = deps.maxChars ?? EXPORT_MAX_CHARS;
  let total = record.total;
  if (total === null) {
    total = await countRows(client, spec);
    await deps.storage.exports.start(record.id, total);
  }
  let stored = await deps.storage.exports.storedChars(record.id);
  let page = record.nextPage;
  while (!pastEnd(page, spec.pageSize, total)) {
    if (deps.now() >= until) return "more";
    const { items, total: latest } = await readPage(client, spec, page);
    let body = "";
    for (const item of items) body += `${JSON.stringify(item)}\n`;
    if (stored + body.length > maxChars) {
      const mib = (n: number) => `${Math.round(n / 1024 / 1024)} MiB`;
      const error = `The export stopped at page ${page}: it would pass ${mib(maxChars)} of NDJSON (the store reports ${latest} rows). Export fewer fields or filter the rows, in several exports.`;
      await deps.storage.exports.finish(record.id, "failed", deps.now(), error);
      return "done";
    }
    const budget = await exportBudgetAllows(deps.storage, deps.budgets, record.requestedBy, Buffer.byteLength(body));
    if (!budget.ok) {
      await deps.storage.exports.finish(
        record.id,
        "failed",
        deps.now(),
        `The export stopped at page ${page}. ${budget.reason}`,
      );
      return "done";
    }
    stored += body.length;
    await deps.storage.exports.savePage(record.id, page, items.length, body);
    // rows added or removed meanwhile: follow the store's count; an empty page ends it (never loop forever)
    total = latest;
    if (items.length === 0) break;
    page++;
  }
  await deps.storage.exports.finish(record.id, "done", deps.now());
  return "done";
}

/** The export's NDJSON in page order, a few pages per read: streams any size with flat memory. */
export async function* exportNdjson(
  storage: Storage,
  exportId: string,
  fromPage = 1,
): AsyncGenerator<{ page: number; rows: number; body: string }> {
  let next = fromPage;
  for (;;) {
    const pages = await storage.exports.pages(exportId, next, 20);
    if (pages.length === 0) return;
    for (const p of pages) {
      yield p;
      next = p.page + 1;
    }
  }
}
