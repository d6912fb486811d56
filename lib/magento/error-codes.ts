/** Maps the store's known error messages to a typed code and a fix hint for the merchant or developer. */

export type MagentoErrorCode =
  | "not_authorized"
  | "token_missing"
  | "token_revoked"
  | "consumer_missing"
  | "consumer_expired"
  | "signature_invalid"
  | "method_not_supported"
  | "timestamp_rejected"
  | "admin_2fa_required"
  | "sign_in_failed"
  | "rate_limited"
  | "not_found"
  | "redirect"
  | "network"
  | "timeout"
  | "bad_response"
  | "response_too_large"
  | "other";

interface Known {
  code: MagentoErrorCode;
  /** Matches the template or the rendered message. */
  test: RegExp;
  hint: (rendered: string, params: Record<string, string>) => string;
}

const REAUTHORIZE = "In the store admin open System › Extensions › Integrations and click Reauthorize on this integration.";

const KNOWN: readonly Known[] = [
  {
    code: "not_authorized",
    test: /^The consumer isn't authorized to access (.*?)\.?$/,
    hint: (_r, p) =>
      `The integration lacks the ACL resource ${p.resources ?? "named in the message"} (or it is inactive, or a Bearer ` +
      "integration token was refused). Grant that resource in System › Extensions › Integrations › Edit › API, " +
      "save, then click Reauthorize.",
  },
  {
    code: "token_missing",
    test: /^Specified token does not exist\.?$/,
    hint: () => `The merchant reauthorized or deleted the integration, so this access token is gone. Reauthorize needed: ${REAUTHORIZE}`,
  },
  {
    code: "token_revoked",
    test: /^Access token has been revoked\.?$/,
    hint: () => `The merchant revoked this access token. ${REAUTHORIZE}`,
  },
  {
    code: "consumer_missing",
    test: /^A consumer having the specified key does not exist\.?$/,
    hint: () => "The integration was deleted in the store (or the consumer key is wrong). Create and activate it again.",
  },
  {
    code: "consumer_expired",
    test: /^Consumer key has expired\.?$/,
    hint: () =>
      "The token exchange must start within 300 s of the activation POST. Click Reauthorize in the store admin " +
      "and let the app run the exchange right away.",
  },
  {
    code: "signature_invalid",
    test: /^The signature is invalid\. Verify and try again\.?$/,
    hint: () =>
      "The store computed a different OAuth signature: check that the store base URL (scheme, host, index.php/, " +
      "store code) matches what the store sees, that no proxy rewrites Host or X-Forwarded-Proto, and that the " +
      "consumer and token secrets are current.",
  },
  {
    code: "method_not_supported",
    test: /^Signature method (%1|\S+) is not supported\.?$/,
    hint: () => "Magento 2.4.4 and later accept only HMAC-SHA256; 2.4.3 and earlier also HMAC-SHA1. Switch the store's signature method.",
  },
  {
    // Nonce\Generator::validateNonce wraps its "timestamp > now + 600" refusal in this message.
    code: "timestamp_rejected",
    test: /^An error occurred validating the nonce\.?$/,
    hint: () =>
      "The store refused oauth_timestamp: this server's clock is most likely ahead of the store's by more than 600 s " +
      "(Magento rejects timestamps later than its own time + 600 s). Synchronise this server's clock (NTP) and retry.",
  },
  {
    // Magento_TwoFactorAuth (on by default) blocks the plain admin token endpoint.
    code: "admin_2fa_required",
    test: /^Please use the 2fa provider-specific endpoints to obtain a token\.?$/,
    hint: () =>
      "Two-factor authentication is on for admin users, so /V1/integration/admin/token gives no token: use the " +
      "provider endpoints (e.g. /V1/tfa/provider/google/authenticate), or better, call the API through the integration's OAuth tokens.",
  },
  {
    // The same words for a wrong password and for a locked account (6 failures lock it for 30 min).
    code: "sign_in_failed",
    test: /^The account sign-in was incorrect or your account is disabled temporarily\. Please wait and try again later\.?$/,
    hint: () =>
      "Wrong username or password, or the account is locked: Magento locks it for 30 minutes after 6 failed sign-ins. " +
      "Check the credentials and do not retry in a loop (each try counts towards the lock).",
  },
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

export function classifyMessage(template: string, rendered: string, parameters: unknown): Classified | undefined {
  for (const k of KNOWN) {
    const m = k.test.exec(rendered) ?? k.test.exec(template);
    if (m) {
      const params = stringParams(parameters);
      if (k.code === "not_authorized" && !params.resources && m[1] && m[1] !== "%resources") params.resources = m[1];
      return { code: k.code, hint: k.hint(rendered, params) };
    }
  }
  return undefined;
}

export function classifyStatus(status: number, template: string, rendered: string, parameters: unknown): Classified {
  const known = classifyMessage(template, rendered, parameters);
  if (known) return known;
  if (status === 404) return { code: "not_found" };
  return { code: "other" };
}
