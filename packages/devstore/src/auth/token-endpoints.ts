/**
 * POST /V1/integration/admin/token and /V1/integration/customer/token (AdminTokenService,
 * CustomerTokenService): JSON {username, password} → bare JSON string; throttled lockout.
 */
import { RestError, type RestResponse } from "../rest/types.ts";
import { verifyAdminPassword } from "./admin-users.ts";
import type { RequestThrottler } from "./request-throttler.ts";
import type { UserTokens } from "./user-tokens.ts";

export const SIGN_IN_FAILED =
  "The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.";

/** Finds a customer id by email and password (B2's seed data, or the fallback seed customer). */
export type CustomerAuthenticator = (email: string, password: string) => number | undefined;

export interface TokenEndpointDeps {
  userTokens: UserTokens;
  throttler: RequestThrottler;
  authenticateCustomer: CustomerAuthenticator;
}

function credentials(body: string): { username: string; password: string } {
  let data: unknown;
  try {
    data = body.trim() === "" ? {} : JSON.parse(body);
  } catch {
    throw new RestError(400, "Decoding error: %1", ["Syntax error"]);
  }
  const obj = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  // CredentialsValidator::validate: each empty or missing field is an input error, aggregated.
  const missing = ["username", "password"].filter((f) => typeof obj[f] !== "string" || obj[f] === "");
  const required = (fieldName: string) => ({
    message: '"%fieldName" is required. Enter and try again.',
    parameters: { fieldName },
  });
  if (missing.length === 1) throw new RestError(400, required(missing[0]!).message, required(missing[0]!).parameters);
  if (missing.length > 1)
    throw new RestError(400, "One or more input exceptions have occurred.", undefined, missing.map(required));
  return { username: obj.username as string, password: obj.password as string };
}

export function issueUserToken(deps: TokenEndpointDeps, kind: "admin" | "customer", body: string): RestResponse {
  const { username, password } = credentials(body);
  if (deps.throttler.isLocked(username, kind)) throw new RestError(401, SIGN_IN_FAILED);
  if (kind === "admin") {
    if (!verifyAdminPassword(username, password)) {
      deps.throttler.logFailure(username, kind);
      throw new RestError(401, SIGN_IN_FAILED);
    }
    deps.throttler.reset(username, kind);
    return { status: 200, body: deps.userTokens.issue({ kind: "admin", username }) };
  }
  const customerId = deps.authenticateCustomer(username, password);
  if (customerId === undefined) {
    deps.throttler.logFailure(username, kind);
    throw new RestError(401, SIGN_IN_FAILED);
  }
  deps.throttler.reset(username, kind);
  return { status: 200, body: deps.userTokens.issue({ kind: "customer", customerId }) };
}
