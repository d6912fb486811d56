/** Magento's REST error bodies and oauth_problem form bodies, parsed and rendered. */

export type ErrorParameters = readonly unknown[] | Readonly<Record<string, unknown>> | undefined;

export interface ErrorDetail {
  template: string;
  parameters: ErrorParameters;
  renderedMessage: string;
}

export interface ParsedErrorBody extends ErrorDetail {
  errors: ErrorDetail[];
  /** Magento's numeric `code`, when present. */
  storeCode?: number;
  /** The body was an `oauth_problem=` form body (token endpoints). */
  oauthProblem: boolean;
}

function stringify(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return v.map(stringify).join(", ");
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/**
 * Port of Magento\Framework\Phrase\Renderer\Placeholder: list parameters fill %1, %2 …; object parameters fill
 * %name; like PHP strtr, the longest placeholder wins and replaced text is never scanned again.
 */
export function renderMessage(template: string, parameters: ErrorParameters): string {
  if (!parameters) return template;
  const pairs = new Map<string, string>();
  if (Array.isArray(parameters)) parameters.forEach((v, i) => pairs.set(`%${i + 1}`, stringify(v)));
  else for (const [k, v] of Object.entries(parameters)) pairs.set(/^\d+$/.test(k) ? `%${Number(k) + 1}` : `%${k}`, stringify(v));
  if (pairs.size === 0) return template;
  const keys = [...pairs.keys()].sort((a, b) => b.length - a.length);
  let out = "";
  let i = 0;
  outer: while (i < template.length) {
    if (template[i] === "%") {
      for (const k of keys) {
        if (template.startsWith(k, i)) {
          out += pairs.get(k)!;
          i += k.length;
          continue outer;
        }
      }
    }
    out += template[i];
    i++;
  }
  return out;
}

function detail(raw: unknown): ErrorDetail | undefined {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const o = raw as Record<string, unknown>;
  if (typeof o.message !== "string") return undefined;
  const p = o.parameters;
  const parameters: ErrorParameters = Array.isArray(p) || (p && typeof p === "object") ? (p as ErrorParameters) : undefined;
  return { template: o.message, parameters, renderedMessage: renderMessage(o.message, parameters) };
}

/**
 * Reads the oauth_problem value of a form body. Token endpoints build it with http_build_query (spaces as "+");
 * a 500 puts "internal_error&message=…" inside that one value.
 */
export function parseOAuthProblem(body: string): string | undefined {
  const trimmed = body.trim();
  if (!/^oauth_problem=/.test(trimmed)) return undefined;
  const params = new URLSearchParams(trimmed);
  let problem = params.get("oauth_problem") ?? "";
  const inner = /^internal_error&message=([\s\S]*)$/.exec(problem);
  if (inner) problem = `internal_error: ${inner[1]}`;
  else if (problem === "internal_error" && params.has("message")) problem = `internal_error: ${params.get("message")}`;
  return problem;
}

/** Parses a store error body: JSON `{message, parameters, errors?, code?}` or `oauth_problem=` form; else undefined. */
export function parseErrorBody(text: string): ParsedErrorBody | undefined {
  const problem = parseOAuthProblem(text);
  if (problem !== undefined) {
    return { template: problem, parameters: undefined, renderedMessage: problem, errors: [], oauthProblem: true };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const top = detail(json);
  if (!top) return undefined;
  const o = json as Record<string, unknown>;
  const errors = Array.isArray(o.errors) ? o.errors.map(detail).filter((d): d is ErrorDetail => d !== undefined) : [];
  const parsed: ParsedErrorBody = { ...top, errors, oauthProblem: false };
  if (typeof o.code === "number") parsed.storeCode = o.code;
  return parsed;
}
