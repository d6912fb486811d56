/** Admin and customer tokens: POST JSON {username, password} → a bare JSON string, used as a Bearer token. */
import type { Dispatcher } from "undici";
import { z } from "zod";
import { normaliseBaseUrl, restUrl } from "./addressing.ts";
import { errorFromResponse, MagentoApiError } from "./errors.ts";
import { send, TOKEN_RESPONSE_MAX_BYTES, TOKEN_TOO_LARGE_HINT, transportDeps } from "./transport.ts";

export interface UserTokenOptions {
  baseUrl: string;
  username: string;
  password: string;
  /** Issue the token through rest/{storeCode}/V1/… (e.g. "default"); absent → rest/V1/…. */
  storeCode?: string;
  fetch?: typeof fetch;
  /** The undici Dispatcher to send through (default: undici's global one). */
  dispatcher?: Dispatcher;
  now?: () => number;
  timeoutMs?: number;
}

const tokenBody = z.string().min(1);

async function fetchUserToken(kind: "admin" | "customer", o: UserTokenOptions): Promise<string> {
  const url = restUrl(normaliseBaseUrl(o.baseUrl), `/V1/integration/${kind}/token`, o.storeCode);
  const body = JSON.stringify({ username: o.username, password: o.password });
  const result = await send(
    {
      method: "POST",
      url,
      headers: () => ({ Accept: "application/json", "Content-Type": "application/json" }),
      body,
      retry: false, // a failed login counts towards the store's lockout (6 failures)
    },
    transportDeps({
      ...o,
      maxRetries: 0,
      maxResponseBytes: TOKEN_RESPONSE_MAX_BYTES,
      tooLargeHint: TOKEN_TOO_LARGE_HINT,
    }),
  );
  if (result.status < 200 || result.status >= 300) throw errorFromResponse(result.status, result.text, url, "POST");
  let parsed: unknown;
  try {
    parsed = JSON.parse(result.text);
  } catch {
    parsed = undefined;
  }
  const token = tokenBody.safeParse(parsed);
  if (!token.success) {
    throw new MagentoApiError({
      status: result.status,
      template: `The ${kind} token endpoint did not answer a JSON string`,
      code: "bad_response",
      url,
      method: "POST",
    });
  }
  return token.data;
}

export function fetchAdminToken(o: UserTokenOptions): Promise<string> {
  return fetchUserToken("admin", o);
}

export function fetchCustomerToken(o: UserTokenOptions): Promise<string> {
  return fetchUserToken("customer", o);
}
