import { storeJson } from "../store-json";

/** The Sync page's data as JSON, for one of the signed-in user's stores (404 for anyone else's, 401 signed out). */
export const dynamic = "force-dynamic";

export function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return storeJson(params, (verbs, id) => verbs.sync.view(id));
}
