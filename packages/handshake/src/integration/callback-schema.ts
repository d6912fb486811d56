import { z } from "zod";
import { normaliseStoreBaseUrl } from "./store-url.ts";
import { MAGENTO_TOKEN, MAGENTO_TOKEN_RULE } from "./magento-shapes.ts";

/**
 * The activation POST (Magento `OauthService::postToConsumer`, on Activate and Reauthorize): four form fields,
 * unauthenticated. Magento generates key, secret and verifier as 32 characters of [0-9a-z] (magento-shapes.ts).
 * Real stores name the secret `oauth_consumer_secret`; the seed documents `oauth_consumer_key_secret`. We take
 * either, and refuse a body that has neither or two different values.
 */
const MAX_FIELD_CHARS = 4096;
export const CALLBACK_FIELDS = [
  "oauth_consumer_key",
  "oauth_consumer_secret",
  "oauth_consumer_key_secret",
  "store_base_url",
  "oauth_verifier",
] as const;

/**
 * The callback, the one shape every step after the POST uses: the callback URL seals the secrets and sends it as
 * the `handshake.callback` job's data (lib/verbs/handshake.ts), the job parses it back with this schema
 * (packages/handshake/src/integration/jobs.ts) and records it (record-callback.ts). Nothing else is done before answering the store.
 */
export const receivedCallbackSchema = z.object({
  consumerKey: z.string(),
  /** Normalised store_base_url (trailing slash). */
  storeBaseUrl: z.string(),
  consumerSecretEnc: z.string(),
  verifierEnc: z.string(),
  /** activationFingerprint (record-callback.ts): identifies a replayed callback without decrypting anything. */
  fingerprint: z.string(),
  /** When it arrived (a job's data is JSON: an ISO string there, a Date once parsed). */
  callbackAt: z.coerce.date(),
  /** How long the app took to answer the store (Magento waits 5 s). */
  answeredMs: z.number().nullable(),
});
export type ReceivedCallback = z.infer<typeof receivedCallbackSchema>;

/** The callback as posted, before its secrets are sealed (it lives only while the callback URL answers). */
export type ActivationCallback = Pick<ReceivedCallback, "consumerKey" | "storeBaseUrl"> & {
  consumerSecret: string;
  verifier: string;
};

export type CallbackParseResult =
  { ok: true; value: ActivationCallback } | { ok: false; field: string; message: string };

const token = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .max(64, `${field} must be ${MAGENTO_TOKEN_RULE}`)
    .regex(MAGENTO_TOKEN, `${field} must be ${MAGENTO_TOKEN_RULE}`);

/** Parses the form body (one value per name; a repeated name is refused rather than guessed). */
export function parseActivationCallback(form: URLSearchParams, opts: { allowPrivate: boolean }): CallbackParseResult {
  for (const name of CALLBACK_FIELDS) {
    const values = form.getAll(name);
    if (values.length > 1) return { ok: false, field: name, message: `${name} appears more than once` };
    if (values[0] !== undefined && values[0].length > MAX_FIELD_CHARS) {
      return { ok: false, field: name, message: `${name} is too long` };
    }
  }
  const get = (n: string) => form.get(n) ?? undefined;

  const key = token("oauth_consumer_key").safeParse(get("oauth_consumer_key"));
  if (!key.success) return fail("oauth_consumer_key", key.error);

  const a = get("oauth_consumer_secret");
  const b = get("oauth_consumer_key_secret");
  if (a === undefined && b === undefined) {
    return {
      ok: false,
      field: "oauth_consumer_secret",
      message: "oauth_consumer_secret is required (or oauth_consumer_key_secret)",
    };
  }
  if (a !== undefined && b !== undefined && a !== b) {
    return {
      ok: false,
      field: "oauth_consumer_secret",
      message: "oauth_consumer_secret and oauth_consumer_key_secret disagree; send one of them",
    };
  }
  const secretField = a !== undefined ? "oauth_consumer_secret" : "oauth_consumer_key_secret";
  const secret = token(secretField).safeParse(a ?? b);
  if (!secret.success) return fail(secretField, secret.error);

  const verifier = token("oauth_verifier").safeParse(get("oauth_verifier"));
  if (!verifier.success) return fail("oauth_verifier", verifier.error);

  const rawUrl = get("store_base_url");
  if (rawUrl === undefined || rawUrl === "")
    return { ok: false, field: "store_base_url", message: "store_base_url is required" };
  const url = normaliseStoreBaseUrl(rawUrl, opts);
  if (!url.ok) return { ok: false, field: "store_base_url", message: `store_base_url ${url.reason}` };

  return {
    ok: true,
    value: { consumerKey: key.data, consumerSecret: secret.data, verifier: verifier.data, storeBaseUrl: url.url },
  };
}

function fail(field: string, error: z.ZodError): CallbackParseResult {
  return { ok: false, field, message: error.issues[0]?.message ?? `${field} is invalid` };
}

/** The identity popup's query (Magento's `IdentityLogin.invokePopup`). */
export const identityQuerySchema = z.object({
  oauth_consumer_key: z.string().regex(MAGENTO_TOKEN, `oauth_consumer_key must be ${MAGENTO_TOKEN_RULE}`),
  success_call_back: z.string().min(1, "success_call_back is missing").max(2048, "success_call_back is too long"),
});
