/**
 * The handshake's I/O: POST {store_base_url}oauth/token/request and /access, no body, OAuth parameters in the
 * Authorization header (no oauth_token on the request step; oauth_verifier in the header on the access step),
 * with the same method/mode fallback as REST calls. Every try gets a new nonce: the store consumes it even when
 * the call fails.
 */
import { generateNonce, parseTokenResponse, signRequest, TokenResponseError, type TokenPair } from "../oauth/index.ts";
import { normaliseBaseUrl } from "./addressing.ts";
import { classifyMessage } from "./error-codes.ts";
import { parseErrorBody } from "./error-message.ts";
import { MagentoApiError, MagentoOAuthError } from "./errors.ts";
import { guardedNonce } from "./nonce-guard.ts";
import { DEFAULT_SIGNATURE, sendWithSignatureFallback } from "./signature-fallback.ts";
import {
  send,
  TOKEN_RESPONSE_MAX_BYTES,
  TOKEN_TOO_LARGE_HINT,
  transportDeps,
  type TransportDeps,
  type TransportResult,
} from "./transport.ts";
import type { SignatureChoice } from "./types.ts";

export interface HandshakeOptions {
  storeBaseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  signature?: SignatureChoice;
  fetch?: typeof fetch;
  now?: () => number;
  nonce?: () => string;
  timeoutMs?: number;
  /**
   * Retry with the other signature method/families on a signature 400/401 (default true). The kit turns it off
   * until a store has answered once correctly: one unauthenticated callback then costs one POST to the host it
   * names (docs/security.md).
   */
  fallback?: boolean;
}

export interface HandshakeResult {
  token: TokenPair;
  signature: SignatureChoice;
}

type TokenStep = "request" | "access";
interface TokenStepExtra {
  requestToken?: TokenPair;
  verifier?: string;
}

/** One token call: POST the endpoint (falling back through the signature choices), then read the token pair. */
async function tokenStep(step: TokenStep, o: HandshakeOptions, extra: TokenStepExtra): Promise<HandshakeResult> {
  const url = `${normaliseBaseUrl(o.storeBaseUrl)}oauth/token/${step}`;
  const deps = transportDeps({
    ...o,
    maxRetries: 0,
    maxResponseBytes: TOKEN_RESPONSE_MAX_BYTES,
    tooLargeHint: TOKEN_TOO_LARGE_HINT,
  });
  const nonce = guardedNonce(o.nonce ?? (() => generateNonce()));
  const post = (choice: SignatureChoice) => postSigned(url, choice, o, extra, deps, nonce);
  const { answer, choice } = await sendWithSignatureFallback(
    o.signature ?? DEFAULT_SIGNATURE,
    post,
    o.fallback !== false,
  );
  if (answer.status < 200 || answer.status >= 300) throw refusedTokenCall(url, answer);
  return { token: readTokenPair(url, answer), signature: choice };
}

/** One POST, signed in `choice` with a new nonce and timestamp; a transport failure becomes a MagentoOAuthError. */
async function postSigned(
  url: string,
  choice: SignatureChoice,
  o: HandshakeOptions,
  extra: TokenStepExtra,
  deps: TransportDeps,
  nonce: () => string,
): Promise<TransportResult> {
  try {
    return await send(
      {
        method: "POST",
        url,
        headers: () => ({
          Accept: "*/*",
          Authorization: signRequest({
            method: "POST",
            url,
            secrets: {
              consumerKey: o.consumerKey,
              consumerSecret: o.consumerSecret,
              ...(extra.requestToken
                ? { token: extra.requestToken.token, tokenSecret: extra.requestToken.tokenSecret }
                : {}),
            },
            signatureMethod: choice.method,
            mode: choice.mode,
            ...(extra.verifier !== undefined ? { verifier: extra.verifier } : {}),
            nonce: nonce(),
            timestamp: Math.floor(deps.now() / 1000),
          }).authorization,
        }),
        retry: false, // the request token is one-shot: never replay a call that may have been processed
      },
      deps,
    );
  } catch (err) {
    if (err instanceof MagentoApiError) {
      const kind =
        err.code === "redirect"
          ? "redirect"
          : err.code === "timeout"
            ? "timeout"
            : err.code === "response_too_large"
              ? "too_large"
              : "network";
      throw new MagentoOAuthError({
        status: err.status,
        kind,
        code: err.code,
        problem: err.problem,
        hint: err.hint,
        url,
        message: err.message,
        cause: err,
      });
    }
    throw err;
  }
}

/** A non-2xx answer (after any fallback): the store's own words, classified, in a MagentoOAuthError. */
function refusedTokenCall(url: string, answer: TransportResult): MagentoOAuthError {
  const parsed = parseErrorBody(answer.text);
  const storeMessage = parsed?.renderedMessage ?? (answer.text.trim().slice(0, 500) || undefined);
  const known = storeMessage
    ? classifyMessage(parsed?.template ?? storeMessage, storeMessage, parsed?.parameters)
    : undefined;
  return new MagentoOAuthError({
    status: answer.status,
    kind: parsed?.oauthProblem ? "oauth_problem" : "http",
    ...(storeMessage !== undefined ? { storeMessage } : {}),
    code: known?.code ?? (answer.status === 404 ? "not_found" : "other"),
    ...(known?.hint ? { hint: known.hint } : {}),
    url,
  });
}

/** The token pair of a 2xx answer; a body that is not one becomes a MagentoOAuthError (`bad_response` unless the store said why). */
function readTokenPair(url: string, answer: TransportResult): TokenPair {
  try {
    return parseTokenResponse(answer.text);
  } catch (err) {
    if (err instanceof TokenResponseError) {
      const known = err.storeMessage ? classifyMessage(err.storeMessage, err.storeMessage, undefined) : undefined;
      const hint = known?.hint ?? err.hint;
      throw new MagentoOAuthError({
        status: answer.status,
        kind: err.kind,
        ...(err.storeMessage !== undefined ? { storeMessage: err.storeMessage } : {}),
        code: known?.code ?? "bad_response",
        ...(hint ? { hint } : {}),
        url,
        ...(err.kind === "unparsable" ? { message: `${url}: ${answer.status} ${err.message}` } : {}),
        cause: err,
      });
    }
    throw err;
  }
}

/** Step 5 of the handshake: consumer key + secret → request token (key `enc(cs)&`). */
export function fetchRequestToken(o: HandshakeOptions): Promise<HandshakeResult> {
  return tokenStep("request", o, {});
}

/** Step 6: request token + verifier → access token. */
export function fetchAccessToken(
  o: HandshakeOptions & { requestToken: TokenPair; verifier: string },
): Promise<HandshakeResult> {
  return tokenStep("access", o, { requestToken: o.requestToken, verifier: o.verifier });
}
