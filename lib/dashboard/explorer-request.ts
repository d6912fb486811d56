/** The explorer form → a request for packages/client/src/magento, with per-input errors; and the curl equivalent (pure). */
import { z } from "zod";
import type { Operation } from "@magento-integration/client";
import { CONDITION_TYPES, type SearchCriteria, type SearchFilterGroup } from "@magento-integration/client";
import { validateFields, FieldsSyntaxError } from "@magento-integration/client";
import { buildQuery, QueryError } from "@magento-integration/client";

export const FILTER_ROWS = 3;

export interface ExplorerRequest {
  pathParams: Record<string, string>;
  searchCriteria?: SearchCriteria;
  fields?: string;
  query?: Record<string, string>;
  body?: unknown;
  storeCode?: string;
}

type FormLike = { get(name: string): FormDataEntryValue | null };

function str(form: FormLike, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
}

export function pathParamNamesOf(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

const conditionSchema = z.enum(CONDITION_TYPES);

/**
 * Reads the explorer form: `path.<name>`, `f<i>.field|condition|value|group` (rows with the same group number
 * combine with OR), `sort.field|direction`, `pageSize`, `currentPage`, `fields`, `query` (lines name=value),
 * `body` (JSON), `storeCode`.
 */
export function parseExplorerForm(
  op: Operation,
  form: FormLike,
): { ok: true; request: ExplorerRequest } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const pathParams: Record<string, string> = {};
  for (const name of pathParamNamesOf(op.path)) {
    const v = str(form, `path.${name}`);
    if (!v) errors[`path.${name}`] = `Enter ${name}`;
    else pathParams[name] = v;
  }

  const groups = new Map<number, SearchFilterGroup>();
  for (let i = 0; i < FILTER_ROWS; i++) {
    const field = str(form, `f${i}.field`);
    if (!field) {
      // a value with no field would be dropped without a word: say so instead
      if (str(form, `f${i}.value`)) errors[`f${i}.field`] = "Enter the field this value filters, or clear the value";
      continue;
    }
    if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(field)) {
      errors[`f${i}.field`] = "A field name such as sku or created_at";
      continue;
    }
    const cond = conditionSchema.safeParse(str(form, `f${i}.condition`) || "eq");
    if (!cond.success) {
      errors[`f${i}.condition`] = "Unknown condition";
      continue;
    }
    const value = str(form, `f${i}.value`);
    if (!value && cond.data !== "null" && cond.data !== "notnull") {
      errors[`f${i}.value`] = "Enter a value";
      continue;
    }
    const g = Number(str(form, `f${i}.group`) || String(i + 1));
    const group = groups.get(g) ?? { filters: [] };
    groups.set(g, group);
    group.filters.push(
      cond.data === "null" || cond.data === "notnull"
        ? { field, conditionType: cond.data }
        : { field, value, conditionType: cond.data },
    );
  }
  const sortField = str(form, "sort.field");
  const sortDir = str(form, "sort.direction") === "DESC" ? "DESC" : "ASC";
  const num = (name: string) => {
    const v = str(form, name);
    if (!v) return undefined;
    if (!/^\d{1,6}$/.test(v) || Number(v) < 1) {
      errors[name] = "A positive whole number";
      return undefined;
    }
    return Number(v);
  };
  const pageSize = num("pageSize");
  const currentPage = num("currentPage");
  let searchCriteria: SearchCriteria | undefined;
  if (groups.size > 0 || sortField || pageSize !== undefined || currentPage !== undefined) {
    searchCriteria = {
      filterGroups: [...groups.entries()].sort(([a], [b]) => a - b).map(([, g]) => g),
      sortOrders: sortField ? [{ field: sortField, direction: sortDir }] : [],
      ...(pageSize !== undefined ? { pageSize } : {}),
      ...(currentPage !== undefined ? { currentPage } : {}),
    };
  }

  const fieldsValue = str(form, "fields");
  if (fieldsValue) {
    try {
      validateFields(fieldsValue);
    } catch (e) {
      errors.fields = e instanceof FieldsSyntaxError ? e.message : "Invalid fields value";
    }
  }

  const query: Record<string, string> = {};
  for (const line of str(form, "query").split(/\r?\n/)) {
    const t = line.trim();
    if (!t) continue;
    const eq = t.indexOf("=");
    const name = eq < 0 ? t : t.slice(0, eq);
    if (!name || name.startsWith("searchCriteria") || name === "fields") {
      errors.query = `Line "${t}": use the searchCriteria and fields inputs for these`;
      break;
    }
    if (name in query) {
      errors.query = `Line "${t}": ${name} is given twice (the store would sign only the last one)`;
      break;
    }
    query[name] = eq < 0 ? "" : t.slice(eq + 1);
  }
  if (!errors.query) {
    // The client's own rules for query names (OAuth names, "." or spaces): refused here before anything is sent.
    try {
      buildQuery(Object.entries(query));
    } catch (e) {
      if (!(e instanceof QueryError)) throw e;
      errors.query = e.message;
    }
  }
  for (const q of op.requiredQuery ?? []) if (!(q in query)) errors.query = `This operation needs ${q}=… in the query`;

  let body: unknown;
  const bodyText = str(form, "body");
  if (bodyText) {
    if (op.method === "GET" || op.method === "DELETE") {
      // a DELETE may carry a body in Magento (deleteByIds) — only GET refuses one
      if (op.method === "GET") errors.body = "A GET request has no body";
    }
    try {
      body = JSON.parse(bodyText);
    } catch (e) {
      errors.body = `Not valid JSON: ${(e as Error).message}`;
    }
  }

  const storeCode = str(form, "storeCode");
  if (storeCode && !/^[A-Za-z0-9_]+$/.test(storeCode)) errors.storeCode = "A store code such as default or all";

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    request: {
      pathParams,
      ...(searchCriteria ? { searchCriteria } : {}),
      ...(fieldsValue ? { fields: fieldsValue } : {}),
      ...(Object.keys(query).length ? { query } : {}),
      ...(body !== undefined ? { body } : {}),
      ...(storeCode ? { storeCode } : {}),
    },
  };
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * curl equivalent of a signed call. The OAuth header is shown with placeholders: a signature is valid for one
 * nonce and timestamp, and the consumer/token secrets never leave the server.
 */
export function curlCommand(o: { method: string; url: string; body?: unknown; signatureMethod?: string }): string {
  const auth =
    `OAuth oauth_consumer_key="<consumer key>", oauth_token="<access token>", ` +
    `oauth_signature_method="${o.signatureMethod ?? "HMAC-SHA256"}", oauth_nonce="<nonce>", oauth_timestamp="<unix time>", ` +
    `oauth_version="1.0", oauth_signature="<signature>"`;
  const parts = [
    `curl -X ${o.method}`,
    shellQuote(o.url),
    `-H ${shellQuote(`Authorization: ${auth}`)}`,
    `-H 'Accept: application/json'`,
  ];
  if (o.body !== undefined) {
    parts.push(`-H 'Content-Type: application/json'`, `--data ${shellQuote(JSON.stringify(o.body))}`);
  }
  return parts.join(" \\\n  ");
}

/** Response headers worth showing; nothing that could carry a secret. */
export function visibleHeaders(headers: Headers | Iterable<[string, string]>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, v] of headers as Iterable<[string, string]>) {
    if (/^(set-cookie|authorization|www-authenticate)$/i.test(k)) continue;
    out.push([k, v]);
  }
  return out.sort(([a], [b]) => a.localeCompare(b));
}
