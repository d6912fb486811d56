import { door, getCurrentUser } from "@/app/_kit";

/** A finished export as an NDJSON download, streamed page by page (memory stays flat at any size). */
export const dynamic = "force-dynamic";

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string; exportId: string }> },
): Promise<Response> {
  const { id, exportId } = await params;
  const user = await getCurrentUser();
  if (!user) return new Response("Sign in first.\n", { status: 401 });
  const x = await (await door(user)).exports.get(exportId, id);
  if (!x) return new Response("No such export for this account.\n", { status: 404 });
  if (x.state !== "done")
    return new Response(`The export is ${x.state}; download it once it is done.\n`, { status: 409 });
  const pages = (await door(user)).exports.pages(exportId)[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pages.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.body));
    },
    async cancel() {
      await pages.return?.(undefined);
    },
  });
  const day = x.createdAt.slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Content-Disposition": `attachment; filename="${x.entity}-${day}.ndjson"`,
      "Cache-Control": "no-store",
    },
  });
}
