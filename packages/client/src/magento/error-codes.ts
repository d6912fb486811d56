/**
 * Every store message the kit recognises, in one place: Magento's own sentences (REST error bodies and the
 * token endpoints' `oauth_problem=` texts, docs/magento-integration-flow.md#token-endpoint-errors) and the
 * standard OAuth problem codes (`consumer_key_expired`, …) that other stores and proxies in front of Magento
 * answer with. Each maps to a code of one vocabulary; what to tell the merchant about a code is in
 * ./store-advice.ts. Nothing else in the kit matches a store's words.
 */
import { adviceFor, type StoreProblem } from "./store-advice.ts";

/** The problems the client itself reports (the others are named by the app: unreachable, private address, …). */
export type MagentoErrorCode = Exclude<
  StoreProblem,
  "store_unreachable" | "private_address" | "interrupted" | "installation_not_usable"
>;

interface Pattern {
  code: MagentoErrorCode;
  /** Matches the template or the rendered message (first match wins). */
  test: RegExp;
}

const PATTERNS: readonly Pattern[] = [
  // Magento's sentences (Magento_Integration, Magento_Webapi, Magento_TwoFactorAuth, Magento_Security)
  { code: "not_authorized", test: /^The consumer is(?:n't| not) authorized to access (.*?)\.?$/i },
  { code: "token_missing", test: /^Specified token does not exist\.?$/i },
  { code: "token_revoked", test: /^Access token has been revoked\.?$/i },
  {
    code: "consumer_missing",
    test: /^(A consumer having the specified key does not exist|Consumer key is not the correct length)\.?/i,
  },
  { code: "consumer_expired", test: /^Consumer key has expired\.?$/i },
  { code: "signature_invalid", test: /^The signature is invalid\. Verify and try again\.?$/i },
  { code: "method_not_supported", test: /^Signature method (%1|\S+) is not supported\.?$/i },
  // the access-token step: a verifier already exchanged, or one Reauthorize replaced (Magento keeps one per consumer)
  { code: "token_already_used", test: /not a verifier token|Token is already being used/i },
  { code: "verifier_invalid", test: /verifier/i },
  // Nonce\Generator::validateNonce wraps its "timestamp > now + 600" refusal in this message.
  { code: "timestamp_rejected", test: /^An error occurred validating the nonce\.?$/i },
  // Magento_TwoFactorAuth (on by default) blocks the plain admin token endpoint.
  { code: "admin_2fa_required", test: /^Please use the 2fa provider-specific endpoints to obtain a token\.?$/i },
  // The same words for a wrong password and for a locked account (6 failures lock it for 30 min).
  {
    code: "sign_in_failed",
    test: /^The account sign-in was incorrect or your account is disabled temporarily\. Please wait and try again later\.?$/i,
  },
  // OAuth "Problem Reporting" codes (oauth_problem=consumer_key_expired, …)
  { code: "consumer_expired", test: /^consumer_key_expired$/i },
  { code: "consumer_missing", test: /^(consumer_key_unknown|consumer_key_rejected)$/i },
  { code: "signature_invalid", test: /^signature_invalid$/i },
  { code: "method_not_supported", test: /^signature_method_rejected$/i },
  { code: "token_already_used", test: /^token_used$/i },
  { code: "token_revoked", test: /^token_revoked$/i },
  { code: "token_missing", test: /^(token_expired|token_rejected)$/i },
  { code: "not_authorized", test: /^permission_denied$/i },
];

export interface Classified {
  code: MagentoErrorCode;
  hint?: string;
}

function stringParams(parameters: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (parameters && typeof parameters === "object" && !Array.isArray(parameters)) {
    for (const [k, v] of Object.entries(parameters)) out[k] = Array.isArray(v) ? v.join(", ") : String(v);
  }
  return out;
}

function match(template: string, rendered: string): { code: MagentoErrorCode; m: RegExpExecArray } | undefined {
  for (const p of PATTERNS) {
    const m = p.test.exec(rendered.trim()) ?? p.test.exec(template.trim());
    if (m) return { code: p.code, m };
  }
  return undefined;
}

/**
 * The ACL resource(s) a "not authorized" refusal names: `parameters.resources` (or the first list parameter),
 * else the rendered sentence. Undefined for any other message.
 */
export function refusedResources(template: string, rendered: string, parameters: unknown): string | undefined {
  const found = match(template, rendered);
  if (found?.code !== "not_authorized") return undefined;
  const named = stringParams(parameters).resources;
  if (named) return named;
  if (Array.isArray(parameters) && typeof parameters[0] === "string" && parameters[0]) return parameters[0];
  const inSentence = /authorized to access (.+?)\.?$/i.exec(rendered.trim())?.[1];
  return inSentence && inSentence !== "%resources" ? inSentence : undefined;
}

/** A known store message → its code and the advice for it (./store-advice.ts); undefined when unknown. */
export function classifyMessage(template: string, rendered: string, parameters: unknown): Classified | undefined {
  const found = match(template, rendered);
  if (!found) return undefined;
  const resources = found.code === "not_authorized" ? refusedResources(template, rendered, parameters) : undefined;
  return { code: found.code, hint: adviceFor(found.code, resources ? { resources } : {}).fix };
}

/** Just the code of a store message (the handshake's oauth_problem text, a stored message). */
export function codeOfStoreMessage(message: string | undefined): MagentoErrorCode | undefined {
  return message ? match(message, message)?.code : undefined;
}

export function classifyStatus(status: number, template: string, rendered: string, parameters: unknown): Classified {
  const known = classifyMessage(template, rendered, parameters);
  if (known) return known;
  if (status === 404) return { code: "not_found" };
  return { code: "other" };
}
