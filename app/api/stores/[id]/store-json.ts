import { door, getCurrentUser } from "@/app/_kit";

type Door = Awaited<ReturnType<typeof door>>;

/**
 * A JSON view of one of the signed-in user's stores: 401 signed out, 404 when `read` finds no such store for this
 * account (someone else's included), never cached. The store routes under /api/stores/<id>/ answer through this.
 */
export async function storeJson(
  params: Promise<{ id: string }>,
  read: (verbs: Door, id: string) => Promise<object | null>,
): Promise<Response> {
  const noStore = { "Cache-Control": "no-store" };
  const { id } = await params;
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in first." }, { status: 401, headers: noStore });
  const view = await read(await door(user), id);
  if (!view) return Response.json({ error: "No such store for this account." }, { status: 404, headers: noStore });
  return Response.json({ installationId: id, ...view }, { headers: noStore });
}
