// Before `npm run dev` says "click Save & Activate": next dev compiles each route on its first request (seconds on
// a small machine) and Magento gives the callback POST 5 s (oauth/consumer/post_timeout), so the first Activate
// would fail with "The attempt to post data to consumer failed…". Every route the store and the identity popup
// reach is requested once here, and the banner waits for it.

/** What the store (the callback POST) and the popup (identity link → sign in / sign up → back) reach, in that order. */
export const ACTIVATION_ROUTES = [
  "/api/integration/callback",
  "/integration/identity",
  "/login",
  "/signup",
  "/stores",
  "/",
];

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until `url` answers any HTTP status (not a connection error); false after `withinMs`. `fetchImpl` and
 * `sleep` are injectable for tests.
 */
// eslint-disable-next-line no-restricted-globals -- only ever this machine's own dev servers (127.0.0.1), never a store
const localFetch = fetch;

export async function answers(url, { withinMs, fetchImpl = localFetch, sleep = pause, now = Date.now } = {}) {
  const deadline = now() + withinMs;
  for (;;) {
    try {
      await (
        await fetchImpl(url, { redirect: "manual", signal: AbortSignal.timeout(Math.max(1, deadline - now())) })
      ).arrayBuffer();
      return true;
    } catch {
      if (now() >= deadline) return false;
      await sleep(250);
    }
  }
}

/**
 * Requests each route once (compiling it) after the app answers at all. Returns the routes that never answered
 * within `withinMs` overall (empty: all warm).
 */
export async function warmRoutes(baseUrl, routes = ACTIVATION_ROUTES, opts = {}) {
  const { withinMs = 300_000, now = Date.now } = opts;
  const deadline = now() + withinMs;
  const cold = [];
  for (const route of routes) {
    const ok = await answers(`${baseUrl}${route}`, { ...opts, withinMs: Math.max(0, deadline - now()) });
    if (!ok) cold.push(route);
  }
  return cold;
}
