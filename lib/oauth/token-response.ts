/**
 * Reads the body of /oauth/token/request and /oauth/token/access: `oauth_token=…&oauth_token_secret=…`
 * (form-encoded, served as text/html). Failures are typed and carry the store's own words, never a secret.
 */
import { z } from "zod";
import type { TokenPair } from "./types";

export type TokenResponseErrorKind = "oauth_problem" | "error" | "not_a_string" | "unparsable" | "missing_token";

export class TokenResponseError extends Error {
  override readonly name = "TokenResponseError";
  readonly kind: TokenResponseErrorKind;
  /** The store's own text (the oauth_problem or error value), decoded. */
  readonly storeMessage: string | undefined;

  constructor(kind: TokenResponseErrorKind, message: string, storeMessage?: string) {
    super(message);
    this.kind = kind;
    this.storeMessage = storeMessage;
  }
}

const FORM_NAME = /^[A-Za-z0-9_.\-[\]]+$/;

/** application/x-www-form-urlencoded value: "+" is a space (PHP http_build_query writes spaces as "+"). */
function decodeFormComponent(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}

function parseForm(body: string): Map<string, string> | undefined {
  const trimmed = body.trim();
  if (trimmed === "") return undefined;
  const out = new Map<string, string>();
  for (const part of trimmed.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    if (eq <= 0) return undefined;
    const name = decodeFormComponent(part.slice(0, eq));
    const value = decodeFormComponent(part.slice(eq + 1));
    if (name === undefined || value === undefined || !FORM_NAME.test(name)) return undefined;
    out.set(name, value);
  }
  return out.size > 0 ? out : undefined;
}

const tokenFields = z.object({
  oauth_token: z.string().min(1),
  oauth_token_secret: z.string().min(1),
});

export function parseTokenResponse(body: unknown): TokenPair {
  if (typeof body !== "string") {
    throw new TokenResponseError("not_a_string", `The store's token response is not text (got ${body === null ? "null" : typeof body})`);
  }
  const form = parseForm(body);
  if (!form) throw new TokenResponseError("unparsable", "The store's token response is empty or not form-encoded");

  // Magento answers failures as oauth_problem=<message> (Helper\Request::prepareErrorResponse).
  const problem = form.get("oauth_problem");
  if (problem !== undefined) throw new TokenResponseError("oauth_problem", `The store refused the token request: ${problem}`, problem);
  // The seed's rule: an `error` key in the form body is a failure.
  const error = form.get("error");
  if (error !== undefined) throw new TokenResponseError("error", `The store returned an error: ${error}`, error);

  const parsed = tokenFields.safeParse({ oauth_token: form.get("oauth_token"), oauth_token_secret: form.get("oauth_token_secret") });
  if (!parsed.success) {
    throw new TokenResponseError("missing_token", "The store's token response lacks oauth_token or oauth_token_secret");
  }
  return { token: parsed.data.oauth_token, tokenSecret: parsed.data.oauth_token_secret };
}
