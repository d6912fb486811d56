import { createMagentoClient, fetchAdminToken } from "@magento-integration/client";

/**
 * Calls to a linked store outside the signed REST client, for the API explorer: its `/swagger` page and the
 * admin-token schema read. Both take the guarded store fetch (the kit passes storeFetch(): private addresses
 * refused at connect time), never the global fetch: a store host that resolves to loopback must not receive
 * the admin's user name and password.
 */
export interface StorePageDeps {
  fetch: typeof fetch;
}

/** The swagger page is HTML of a few hundred KB; more than this is cut (a hostile store cannot fill memory). */
export const SWAGGER_PAGE_MAX_BYTES = 2 * 1024 * 1024;

export interface StorePage {
  url: string;
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
  truncated: boolean;
}

export async function fetchSwaggerPage(deps: StorePageDeps, baseUrl: string): Promise<StorePage> {
  const url = `${baseUrl.replace(/\/?$/, "/")}swagger`;
  const response = await deps.fetch(url, { redirect: "manual", signal: AbortSignal.timeout(15_000) });
  const { text, truncated } = await readBounded(response, SWAGGER_PAGE_MAX_BYTES);
  return { url, status: response.status, ok: response.ok, headers: response.headers, text, truncated };
}

async function readBounded(response: Response, max: number): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: "", truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: Buffer.concat(chunks).toString("utf8"), truncated: false };
    const room = max - size;
    chunks.push(value.byteLength > room ? value.subarray(0, room) : value);
    size += Math.min(value.byteLength, room);
    if (size >= max) {
      await reader.cancel().catch(() => undefined);
      return { text: Buffer.concat(chunks).toString("utf8"), truncated: true };
    }
  }
}

/** GET /rest/default/schema with a one-off admin token; the credentials are used once and never stored. */
export async function readSchemaWithAdminLogin(
  deps: StorePageDeps,
  baseUrl: string,
  username: string,
  password: string,
): Promise<unknown> {
  const token = await fetchAdminToken({ baseUrl, username, password, timeoutMs: 15_000, fetch: deps.fetch });
  const client = createMagentoClient({ baseUrl, auth: { kind: "bearer", token }, fetch: deps.fetch });
  const res = await client.request({ method: "GET", path: "/schema", storeCode: "default", timeoutMs: 20_000 });
  return res.data;
}
