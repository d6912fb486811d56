import { isSameOriginRequest } from "@magento-integration/handshake/auth";
import { door, getCurrentUser } from "@/app/_kit";

export const dynamic = "force-dynamic";

const noStore = { "Cache-Control": "no-store" };

/**
 * POST a bulk edit file from the Bulk edit page (app/stores/[id]/bulk/BulkForm.tsx): the form's `file` and its
 * `intent` (preview or submit). Its own route, not a server action: server actions take at most 1 MB
 * (next.config.mjs), an upload up to 10 MB, read with its own cap while it arrives (packages/sync/src/bulk/upload-body.ts).
 * Signed-out and cross-site posts are refused before a byte of the body is read.
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  if (!isSameOriginRequest(request.headers, request.url))
    return Response.json({ error: "Cross-site upload refused." }, { status: 403, headers: noStore });
  const user = await getCurrentUser();
  if (!user)
    return Response.json(
      { error: "Your session ended: sign in again, then choose the file again." },
      { status: 401, headers: noStore },
    );
  const { id } = await params;
  const answer = await (
    await door(user)
  ).bulk.upload(id, {
    body: request.body,
    contentType: request.headers.get("content-type"),
    contentLength: request.headers.get("content-length"),
  });
  return Response.json(answer.state, { status: answer.status, headers: noStore });
}
