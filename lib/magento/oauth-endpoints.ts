/**
 * The handshake's I/O: POST {store_base_url}oauth/token/request and /access, no body, OAuth parameters in the
 * Authorization header (no oauth_token on the request step; oauth_verifier in the header on the access step),
 * with the same method/mode fallback as REST calls. Every try gets a new nonce: the store consumes it even when
 * the call fails.
 */
import { generateNonce, parseTokenResponse, signRequest, TokenResponseError, type TokenPair } from "@/lib/oauth";
import { normaliseBaseUrl } from "./addressing";
import { classifyMessage } from "./error-codes";
import { parseErrorBody } from "./error-message";
import { MagentoApiError, MagentoOAuthError } from "./errors";
import { guardedNonce } from "./nonce-guard";
import { DEFAULT_SIGNATURE, fallbackSignal, SignatureNegotiation } from "./signature-fallback";
import { send, TOKEN_RESPONSE_MAX_BYTES, TOKEN_TOO_LARGE_HINT, transportDeps } from "./transport";
import type { SignatureChoice } from "./types";

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

async function tokenStep(
  step: "request" | "access",
  o: HandshakeOptions,
  extra: { requestToken?: TokenPair; verifier?: string },
): Promise<HandshakeResult> {
  const url = `${normaliseBaseUrl(o.storeBaseUrl)}oauth/token/${step}`;
  const deps = transportDeps({ ...o, maxRetries: 0, maxResponseBytes: TOKEN_RESPONSE_MAX_BYTES, tooLargeHint: TOKEN_TOO_LARGE_HINT });
  const nonce = guardedNonce(o.nonce ?? (() => generateNonce()));
  const negotiation = new SignatureNegotiation(o.signature ?? DEFAULT_SIGNATURE);
  for (;;) {
    const choice = negotiation.current;
    let result;
    try {
      result = await send(
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
                ...(extra.requestToken ? { token: extra.requestToken.token, tokenSecret: extra.requestToken.tokenSecret } : {}),
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
        const kind = err.code === "redirect" ? "redirect" : err.code === "timeout" ? "timeout" : err.code === "response_too_large" ? "too_large" : "network";
        throw new MagentoOAuthError({ status: err.status, kind, code: err.code, hint: err.hint, url, message: err.message, cause: err });
      }
      throw err;
    }
    const ok = result.status >= 200 && result.status < 300;
    if (!ok) {
      const signal = fallbackSignal(result.status, result.text);
      if (signal && o.fallback !== false && negotiation.next(signal)) continue;
      const parsed = parseErrorBody(result.text);
      const storeMessage = parsed?.renderedMessage ?? (result.text.trim().slice(0, 500) || undefined);
      const known = storeMessage ? classifyMessage(parsed?.template ?? storeMessage, storeMessage, parsed?.parameters) : undefined;
      throw new MagentoOAuthError({
        status: result.status,
        kind: parsed?.oauthProblem ? "oauth_problem" : "http",
        ...(storeMessage !== undefined ? { storeMessage } : {}),
        code: known?.code ?? (result.status === 404 ? "not_found" : "other"),
        ...(known?.hint ? { hint: known.hint } : {}),
        url,
      });
    }
    try {
      return { token: parseTokenResponse(result.text), signature: choice };
    } catch (err) {
      if (err instanceof TokenResponseError) {
        const known = err.storeMessage ? classifyMessage(err.storeMessage, err.storeMessage, undefined) : undefined;
        const hint = known?.hint ?? err.hint;
        throw new MagentoOAuthError({
          status: result.status,
          kind: err.kind,
          ...(err.storeMessage !== undefined ? { storeMessage: err.storeMessage } : {}),
          code: known?.code ?? "bad_response",
          ...(hint ? { hint } : {}),
          url,
          ...(err.kind === "unparsable" ? { message: `${url}: ${result.status} ${err.message}` } : {}),
          cause: err,
        });
      }
      throw err;
    }
  }
}

/** Step 5 of the handshake: consumer key + secret → request token (key `enc(cs)&`). */
export function fetchRequestToken(o: HandshakeOptions): Promise<HandshakeResult> {
  return tokenStep("request", o, {});
}

/** Step 6: request token + verifier → access token. */
export function fetchAccessToken(o: HandshakeOptions & { requestToken: TokenPair; verifier: string }): Promise<HandshakeResult> {
  return tokenStep("access", o, { requestToken: o.requestToken, verifier: o.verifier });
}
