/**
 * Reads the body of /oauth/token/request and /oauth/token/access: `oauth_token=…&oauth_token_secret=…`
 * (form-encoded, served as text/html). Failures are typed and carry the store's own words, never a secret.
 */
import { z } from "zod";
import { parseFormBody } from "./form-body.ts";
import type { TokenPair } from "./types.ts";
import { KitError } from "../kit-error.ts";

export type TokenResponseErrorKind = "oauth_problem" | "error" | "not_a_string" | "unparsable" | "missing_token";

/** A token endpoint's answer that is not a token pair: the store's refusal (`oauth_problem`), or a bad response. */
export class TokenResponseError extends KitError {
  static override readonly brand: string = "TokenResponseError";
  readonly kind: TokenResponseErrorKind;
  /** The store's own text (the oauth_problem or error value), decoded. */
  readonly storeMessage: string | undefined;
  /** The start of an unparsable body (never when it mentions oauth_token_secret). */
  readonly bodyExcerpt: string | undefined;
  /** What to check, when the failure has a usual cause. */
  readonly hint: string | undefined;

  constructor(
    kind: TokenResponseErrorKind,
    message: string,
    storeMessage?: string,
    extra: { bodyExcerpt?: string; hint?: string } = {},
  ) {
    // the store's own words are classified where they are known (packages/client/src/magento/error-codes.ts)
    super(message, { problem: kind === "oauth_problem" ? "other" : "bad_response" });
    this.kind = kind;
    this.storeMessage = storeMessage;
    this.bodyExcerpt = extra.bodyExcerpt;
    this.hint = extra.hint;
  }
}

const EXCERPT_CHARS = 300;

/** Up to EXCERPT_CHARS of the body, whitespace collapsed; nothing when it may hold a secret. */
function excerptOf(body: string): string | undefined {
  if (body.includes("oauth_token_secret")) return undefined;
  const text = body.replace(/\s+/g, " ").trim();
  if (text === "") return undefined;
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

/** The usual unparsable answer is a 200 storefront page: the store base URL lacks the "index.php/" the store needs. */
const UNPARSABLE_HINT =
  "The token endpoint answered something other than a form-encoded token response, usually a storefront HTML " +
  'page because the store base URL lacks the "index.php/" the store needs (use store_base_url from the ' +
  "activation POST verbatim).";

const tokenFields = z.object({
  oauth_token: z.string().min(1),
  oauth_token_secret: z.string().min(1),
});

export function parseTokenResponse(body: unknown): TokenPair {
  if (typeof body !== "string") {
    throw new TokenResponseError(
      "not_a_string",
      `The store's token response is not text (got ${body === null ? "null" : typeof body})`,
    );
  }
  const form = parseFormBody(body);
  if (!form) {
    const bodyExcerpt = excerptOf(body);
    throw new TokenResponseError(
      "unparsable",
      `The store's token response is empty or not form-encoded${bodyExcerpt ? `: ${bodyExcerpt}` : ""}`,
      undefined,
      { ...(bodyExcerpt ? { bodyExcerpt } : {}), hint: UNPARSABLE_HINT },
    );
  }

  // Magento answers failures as oauth_problem=<message> (Helper\Request::prepareErrorResponse).
  const problem = form.get("oauth_problem");
  if (problem !== undefined)
    throw new TokenResponseError("oauth_problem", `The store refused the token request: ${problem}`, problem);
  // The seed's rule: an `error` key in the form body is a failure.
  const error = form.get("error");
  if (error !== undefined) throw new TokenResponseError("error", `The store returned an error: ${error}`, error);

  const parsed = tokenFields.safeParse({
    oauth_token: form.get("oauth_token"),
    oauth_token_secret: form.get("oauth_token_secret"),
  });
  if (!parsed.success) {
    throw new TokenResponseError("missing_token", "The store's token response lacks oauth_token or oauth_token_secret");
  }
  return { token: parsed.data.oauth_token, tokenSecret: parsed.data.oauth_token_secret };
}
