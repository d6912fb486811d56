/**
 * Magento's two OAuth exception kinds and how they are rendered: `Oauth\Exception` (401) and
 * `Oauth\OauthInputException` (400, may aggregate several errors). Messages keep Magento's templates.
 */
import { RestError } from "../rest/types.ts";
import { httpBuildQuery } from "./php-strings.ts";

export type PhraseParams = Record<string, string | number> | (string | number)[];

export interface Phrase {
  template: string;
  parameters?: PhraseParams;
}

/** Phrase::render: `%1`, `%2`… from a list, `%name` from an object. */
export function renderPhrase(p: Phrase): string {
  const params = p.parameters;
  if (!params) return p.template;
  if (Array.isArray(params))
    return p.template.replace(/%(\d+)/g, (all, n: string) => String(params[Number(n) - 1] ?? all));
  return p.template.replace(/%([A-Za-z_]\w*)/g, (all, n: string) => (n in params ? String(params[n]) : all));
}

/** `Magento\Framework\Oauth\Exception` (an AuthenticationException): 401. */
export class OauthException extends Error {
  constructor(public readonly phrase: Phrase) {
    super(renderPhrase(phrase));
  }
}

/** `Magento\Framework\Oauth\OauthInputException` (an InputException): 400. */
export class OauthInputException extends Error {
  /** Filled only when two or more errors were added (AbstractAggregateException::addError). */
  readonly errors: Phrase[] = [];
  constructor(public readonly phrase: Phrase) {
    super(renderPhrase(phrase));
  }

  static aggregate(phrases: Phrase[]): OauthInputException {
    if (phrases.length === 1) return new OauthInputException(phrases[0]!);
    const e = new OauthInputException({ template: "One or more input exceptions have occurred." });
    e.errors.push(...phrases);
    return e;
  }

  /** getAggregatedErrorMessage: rendered errors, trailing dots stripped, joined with ", ". */
  aggregatedMessage(): string {
    if (this.errors.length === 0) return this.message;
    return this.errors.map((p) => renderPhrase(p).replace(/\.+$/, "")).join(", ");
  }
}

export const requiredParam = (fieldName: string): Phrase => ({
  template: '"%fieldName" is required. Enter and try again.',
  parameters: { fieldName },
});

/** Helper\Request::prepareErrorResponse for the token endpoints: status and `oauth_problem=…` body. */
export function tokenEndpointError(error: unknown): { status: number; body: string } {
  if (error instanceof OauthException) return { status: 401, body: httpBuildQuery({ oauth_problem: error.message }) };
  if (error instanceof OauthInputException) {
    return { status: 400, body: httpBuildQuery({ oauth_problem: error.aggregatedMessage() }) };
  }
  const message = error instanceof Error && error.message ? error.message : "empty_message";
  return { status: 500, body: httpBuildQuery({ oauth_problem: `internal_error&message=${message}` }) };
}

/** The same exceptions on a REST call (Webapi ErrorProcessor): raw template + parameters, 401 or 400. */
export function toRestError(error: OauthException | OauthInputException): RestError {
  const status = error instanceof OauthException ? 401 : 400;
  const errors =
    error instanceof OauthInputException && error.errors.length > 0
      ? error.errors.map((p) =>
          p.parameters ? { message: p.template, parameters: p.parameters } : { message: p.template },
        )
      : undefined;
  return new RestError(status, error.phrase.template, error.phrase.parameters, errors);
}
