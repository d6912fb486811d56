/** Magento's REST error bodies and oauth_problem form bodies, parsed and rendered. */
import { z } from "zod";
import { parseFormBody } from "../oauth/index.ts";

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
  else
    for (const [k, v] of Object.entries(parameters))
      pairs.set(/^\d+$/.test(k) ? `%${Number(k) + 1}` : `%${k}`, stringify(v));
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

const parametersSchema = z
  .union([z.array(z.unknown()), z.record(z.string(), z.unknown())])
  .optional()
  .catch(undefined);

/** One `{message, parameters}` entry of Magento's REST error body (Webapi\Rest\Response::_renderMessages). */
const detailSchema = z.object({ message: z.string(), parameters: parametersSchema });

/** The whole body: `errors` are aggregated input errors, `code` is present when non-zero, `trace` only in developer mode. */
const errorBodySchema = detailSchema.extend({
  errors: z.array(z.unknown()).optional().catch(undefined),
  code: z.number().optional().catch(undefined),
});

function toDetail(d: z.infer<typeof detailSchema>): ErrorDetail {
  return { template: d.message, parameters: d.parameters, renderedMessage: renderMessage(d.message, d.parameters) };
}

/**
 * Reads the oauth_problem value of a form body. Token endpoints build it with http_build_query (spaces as "+");
 * a 500 puts "internal_error&message=…" inside that one value.
 */
export function parseOAuthProblem(body: string): string | undefined {
  if (!/^oauth_problem=/.test(body.trim())) return undefined;
  const form = parseFormBody(body);
  const raw = form?.get("oauth_problem");
  if (raw === undefined) return undefined;
  const inner = /^internal_error&message=([\s\S]*)$/.exec(raw);
  if (inner) return `internal_error: ${inner[1]}`;
  const message = form?.get("message");
  return raw === "internal_error" && message !== undefined ? `internal_error: ${message}` : raw;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Parses a store error body: JSON `{message, parameters, errors?, code?}` or `oauth_problem=` form; else undefined. */
export function parseErrorBody(text: string): ParsedErrorBody | undefined {
  const problem = parseOAuthProblem(text);
  if (problem !== undefined) {
    return { template: problem, parameters: undefined, renderedMessage: problem, errors: [], oauthProblem: true };
  }
  const body = errorBodySchema.safeParse(parseJson(text));
  if (!body.success) return undefined;
  const errors = (body.data.errors ?? []).flatMap((e) => {
    const d = detailSchema.safeParse(e);
    return d.success ? [toDetail(d.data)] : [];
  });
  const parsed: ParsedErrorBody = { ...toDetail(body.data), errors, oauthProblem: false };
  if (body.data.code !== undefined) parsed.storeCode = body.data.code;
  return parsed;
}
