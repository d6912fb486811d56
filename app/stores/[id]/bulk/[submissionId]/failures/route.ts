import { door, getCurrentUser } from "@/app/_kit";
import { csvLine } from "@magento-integration/sync/bulk";

/** The rows of a bulk edit that did not complete, as CSV (cells a spreadsheet would run as formulas are escaped). */
export const dynamic = "force-dynamic";

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string; submissionId: string }> },
): Promise<Response> {
  const { id, submissionId } = await params;
  const user = await getCurrentUser();
  if (!user) return new Response("Sign in first.\n", { status: 401 });
  const view = await (await door(user)).bulk.get(submissionId, id);
  if (!view) return new Response("No such bulk edit for this account.\n", { status: 404 });
  const rows = (await door(user)).bulk.rows(submissionId)[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let headerSent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(["row", "sku", "status", "message"])));
        return;
      }
      for (;;) {
        const next = await rows.next();
        if (next.done) return controller.close();
        const r = next.value;
        if (r.status === "complete") continue;
        controller.enqueue(
          encoder.encode(
            csvLine([r.row, r.ref, r.status === "pending" || r.status === "open" ? "open" : r.status, r.message]),
          ),
        );
        return;
      }
    },
    async cancel() {
      await rows.return?.(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bulk-edit-failures-${view.createdAt.slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
