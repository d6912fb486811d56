/**
 * The Next.js door to the kit (lib/kit.ts): `door()` is the kit's verbs for this request, its cookies and client
 * address filled in (lib/verbs/door.ts); `door(user)` adds the signed-in user's verbs, the user's id filled in.
 * A verb has one name everywhere: `(await door(user)).stores.remove(id)` is `stores.remove` in lib/verbs/stores.ts.
 * Pages, route handlers and actions import from here; nothing under lib/ imports next/*.
 */
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { REQUEST_PATH_HEADER, signInPath } from "@magento-integration/handshake/auth";
import { getEnv } from "@/lib/env";
import { sessionOptions } from "@magento-integration/handshake";
import { safeNextPath, type CurrentUser, type RequestDoor, type SignedInDoor } from "@/lib/kit";
import { kit } from "./kit";
import { requestContext } from "./request";

export { kit, readiness, startBackgroundWork } from "./kit";

/** The kit's verbs for this request; given the signed-in user, that user's verbs too. */
export async function door(): Promise<RequestDoor>;
export async function door(user: Pick<CurrentUser, "id">): Promise<SignedInDoor>;
export async function door(user?: Pick<CurrentUser, "id">): Promise<RequestDoor | SignedInDoor> {
  return user ? signedInDoorOfRender(user.id) : requestDoorOfRender();
}

/**
 * Built once per render (React `cache()`): binding every verb of a door takes 0.1 ms or so, and a store page asks
 * for one in its layout, its page and the store's read. The door holds this request's cookie jar, not a copy of it.
 */
const requestDoorOfRender = cache(async (): Promise<RequestDoor> => kit().forRequest(await requestContext()));
const signedInDoorOfRender = cache(async (userId: string): Promise<SignedInDoor> =>
  kit().forRequest(await requestContext(), userId),
);

/**
 * The signed-in user of this request. Read once per render: the root layout, a store's layout and its page all
 * ask, and each asking would unseal the cookie and read the session and user rows again. (React's cache() is
 * scoped to one server render; a server action calling this reads afresh.)
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  // under /stores/<id> the session is read with the store (one query for the layouts and the page: storePage)
  const storeId = storeIdOf((await headers()).get(REQUEST_PATH_HEADER));
  return storeId ? (await storePage(storeId)).user : (await door()).auth.currentUser();
});

/**
 * What every page of one store needs, read once per render in one database query (lib/verbs/stores.ts `page`):
 * the signed-in user (null: signed out) and, when the store is theirs, its summary, signed client and pending
 * link requests (null: not theirs).
 */
export const storePage = cache(async (installationId: string) => (await door()).stores.page(installationId));

/** The store id of a path under /stores/<id> (proxy.ts records the path asked for), or null. */
function storeIdOf(path: string | null): string | null {
  const segment = path ? /^\/stores\/([^/?#]+)/.exec(path)?.[1] : undefined;
  if (!segment || segment === "manual") return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The signed-in user, or a redirect to sign in that comes back to the page asked for, path and query (proxy.ts
 * records it; `nextPath` when it did not run), saying the session ended when the browser still had one.
 */
export async function requireUser(nextPath?: string): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) {
    const here = (await headers()).get(REQUEST_PATH_HEADER) ?? nextPath;
    const hadSession = (await cookies()).has(sessionOptions(getEnv()).cookieName);
    redirect(here ? signInPath(safeNextPath(here), hadSession ? "session_ended" : undefined) : "/login");
  }
  return user;
}

/**
 * The signed-in user, one of their stores and its signed client (404 for someone else's store; /login when
 * signed out), and the user's door. `client()` throws when the store has no working token: call it inside
 * attempt() (lib/dashboard). One database query per render for the layouts and the page: the session, the user,
 * the store and its link requests (storePage; getCurrentUser reads the same under /stores/<id>).
 */
export async function loadStore(id: string, subPath = "") {
  const user = await requireUser(`/stores/${encodeURIComponent(id)}${subPath}`);
  const { view } = await storePage(id);
  if (!view) notFound();
  return { user, store: view.store, client: view.client, linkRequests: view.linkRequests, door: await door(user) };
}
