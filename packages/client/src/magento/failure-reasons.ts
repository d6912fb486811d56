/**
 * Why a handshake failed, as stored on the activation and the installation (`failureReason`): a subset of the
 * kit's one vocabulary of store problems (packages/client/src/magento/store-advice.ts, which also holds what to tell the
 * merchant). The store's own words are recognised in packages/client/src/magento/error-codes.ts only.
 */
import { codeOfStoreMessage } from "./error-codes.ts";
import { MagentoOAuthError, StoreError } from "./errors.ts";
import type { StoreProblem } from "./store-advice.ts";
import { networkProblemOf, type NetworkProblem } from "../net/network-problem.ts";

export const FAILURE_REASONS = [
  "consumer_expired",
  "signature_invalid",
  "method_not_supported",
  "verifier_invalid",
  "consumer_missing",
  "token_already_used",
  "token_missing",
  "token_revoked",
  "not_authorized",
  "store_unreachable",
  "timeout",
  "redirect",
  "private_address",
  "bad_response",
  "response_too_large",
  "interrupted",
  "other",
] as const satisfies readonly StoreProblem[];
export type FailureReason = (typeof FAILURE_REASONS)[number];

function isFailureReason(code: string): code is FailureReason {
  return (FAILURE_REASONS as readonly string[]).includes(code);
}

/** A store problem as a failure reason: the client's `network` is the handshake's `store_unreachable`. */
function reasonOfProblem(code: StoreProblem): FailureReason {
  if (code === "network") return "store_unreachable";
  return isFailureReason(code) ? code : "other";
}

/** The reason a store's message (an oauth_problem text, an OAuth problem code) names, if it is a known one. */
export function reasonFromStoreMessage(message: string | undefined): FailureReason | undefined {
  const code = codeOfStoreMessage(message);
  return code !== undefined && isFailureReason(code) ? code : undefined;
}

/**
 * What a failed connection (its cause chain: packages/client/src/net/network-problem.ts) means for the handshake: a private address
 * refused at connect time is named; a store the app could not reach at all is `store_unreachable`. TLS failures
 * and timeouts are left to the client's own code.
 */
const NETWORK_REASONS: Partial<Record<NetworkProblem, FailureReason>> = {
  private_address: "private_address",
  dns_failed: "store_unreachable",
  connection_refused: "store_unreachable",
  connection_lost: "store_unreachable",
};

function reasonFromCause(e: unknown): FailureReason | undefined {
  const problem = networkProblemOf(e);
  return problem === undefined ? undefined : NETWORK_REASONS[problem];
}

/** Token-endpoint answers that were not a refusal the store put in words. */
const BY_KIND: Partial<Record<MagentoOAuthError["kind"], FailureReason>> = {
  unparsable: "bad_response",
  not_a_string: "bad_response",
  missing_token: "bad_response",
  error: "bad_response",
  http: "bad_response",
};

/** Maps a failure of fetchRequestToken/fetchAccessToken to a reason, keeping the store's own words. */
export function classifyHandshakeError(e: unknown): {
  reason: FailureReason;
  storeMessage: string | undefined;
  detail: string;
} {
  const storeMessage = e instanceof MagentoOAuthError ? e.storeMessage : undefined;
  const detail = e instanceof Error ? e.message : String(e);
  const fromText = reasonFromStoreMessage(storeMessage);
  if (fromText) return { reason: fromText, storeMessage, detail };
  const fromCause = reasonFromCause(e);
  if (fromCause) return { reason: fromCause, storeMessage, detail };
  let reason: FailureReason = "other";
  if (e instanceof StoreError) reason = reasonOfProblem(e.code);
  if (reason === "other" && e instanceof MagentoOAuthError) reason = BY_KIND[e.kind] ?? "other";
  return { reason, storeMessage, detail };
}
