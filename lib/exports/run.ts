/**
 * The export job's work: read store pages from the export's next page on and store each as NDJSON (one row per
 * store page, lib/storage ExportRepo.savePage), until done or until the slice's time is up; the job then gives
 * its lease back and goes on later, so a crash loses at most the page being read and other stores' jobs get
 * their turn in between (lib/jobs/kinds/export.ts).
 */
import type { MagentoClient } from "@/lib/magento";
import type { Storage } from "@/lib/storage/storage";
import type { ExportRecord } from "@/lib/storage/types";
import { exportOptionsSchema, type ExportSpec } from "./options";
import { countRows, pastEnd, readPage } from "./pages";

export function specOf(record: ExportRecord): ExportSpec {
  return exportOptionsSchema.parse(JSON.parse(record.options));
}

/** Returns "done", or "more" when the time was up first. */
export async function exportSlice(
  deps: { storage: Storage; now: () => Date },
  record: ExportRecord,
  client: MagentoClient,
  until: Date,
): Promise<"done" | "more"> {
  const spec = specOf(record);
  let total = record.total;
  if (total === null) {
    total = await countRows(client, spec);
    await deps.storage.exports.start(record.id, total);
  }
  let page = record.nextPage;
  while (!pastEnd(page, spec.pageSize, total)) {
    if (deps.now() >= until) return "more";
    const { items, total: latest } = await readPage(client, spec, page);
    let body = "";
    for (const item of items) body += `${JSON.stringify(item)}\n`;
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
export async function* exportNdjson(storage: Storage, exportId: string, fromPage = 1): AsyncGenerator<{ page: number; rows: number; body: string }> {
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
