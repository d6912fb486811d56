import { door, getCurrentUser } from "@/app/_kit";

/** The Sync page's data as JSON, for one of the signed-in user's stores (404 for anyone else's, 401 signed out). */
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const user = await getCurrentUser();
  if (!user)
    return Response.json({ error: "Sign in first." }, { status: 401, headers: { "Cache-Control": "no-store" } });
  const view = await (await door(user)).sync.view(id);
  if (!view)
    return Response.json(
      { error: "No such store for this account." },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  return Response.json({ installationId: id, ...view }, { headers: { "Cache-Control": "no-store" } });
}
