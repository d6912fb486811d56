/**
 * Bulk edit files: a CSV with a header row (`sku` plus fields) or NDJSON (one object per line), read into rows
 * that are either ready to send (the putProductsBySku bulk element) or invalid with a message saying what to fix.
 * A file that cannot be read as a whole (no `sku` column, unknown columns, too large, not CSV or NDJSON) is
 * refused with BulkFileError and nothing is sent. A refusal never quotes the file's bytes (packages/sync/src/bulk/file-echo.ts);
 * a spreadsheet, image or archive uploaded by mistake is named as such, with what to do (packages/sync/src/bulk/file-kind.ts).
 */
import { parse } from "csv-parse/sync";
import { z } from "zod";
import { KitError } from "@magento-integration/client";
import { wrongFile } from "./file-kind.ts";
import { csvProblem, printable } from "./file-echo.ts";
import { MAX_FILE_BYTES } from "./file-limit.ts";

export { MAX_FILE_BYTES };

/** Most data rows in one file. */
export const MAX_ROWS = 200_000;

export const EDIT_FIELDS = ["price", "special_price", "qty", "status", "visibility"] as const;
export type EditField = (typeof EDIT_FIELDS)[number];

export class BulkFileError extends KitError {
  static override readonly brand: string = "BulkFileError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "invalid_input", ...options });
  }
}

export interface EditRow {
  /** 1-based data row (header excluded; a quoted newline does not start a new row). */
  row: number;
  sku: string;
  /** The fields as given (strings from CSV), for previews and the failures file. */
  fields: Partial<Record<EditField, string>>;
  /** The bulk element, when the row is valid. */
  element?: { sku: string; product: Record<string, unknown> };
  error?: string;
}

const money = z.coerce
  .number({ message: "must be a number" })
  .finite("must be a number")
  .min(0, "must not be negative")
  .max(1e12, "is too large");
const FIELD_RULES: Record<EditField, z.ZodType<number>> = {
  price: money,
  special_price: money,
  qty: z.coerce
    .number({ message: "must be a number" })
    .finite("must be a number")
    .min(-1e9, "is too small")
    .max(1e9, "is too large"),
  status: z.coerce
    .number({ message: "must be 1 (enabled) or 2 (disabled)" })
    .int("must be 1 (enabled) or 2 (disabled)")
    .min(1, "must be 1 (enabled) or 2 (disabled)")
    .max(2, "must be 1 (enabled) or 2 (disabled)"),
  visibility: z.coerce
    .number({ message: "must be 1-4 (1 not visible, 2 catalog, 3 search, 4 both)" })
    .int("must be 1-4 (1 not visible, 2 catalog, 3 search, 4 both)")
    .min(1, "must be 1-4 (1 not visible, 2 catalog, 3 search, 4 both)")
    .max(4, "must be 1-4 (1 not visible, 2 catalog, 3 search, 4 both)"),
};

/** The delimiter of a CSV header line: the most frequent of `,` `;` tab outside quotes (Excel in many locales writes `;`). */
function delimiterOf(text: string): string {
  const counts: Record<string, number> = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch in counts) counts[ch]!++;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![1] > 0
    ? Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0]
    : ",";
}

function isNdjson(text: string): boolean {
  return text.trimStart().startsWith("{");
}

function records(text: string): Array<Record<string, unknown>> {
  if (isNdjson(text)) {
    const out: Array<Record<string, unknown>> = [];
    text.split(/\r?\n/).forEach((line, i) => {
      if (line.trim() === "") return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new BulkFileError(`line ${i + 1} is not JSON: an NDJSON file holds one JSON object per line`);
      }
      if (value === null || typeof value !== "object" || Array.isArray(value))
        throw new BulkFileError(`line ${i + 1} is not a JSON object`);
      out.push(value as Record<string, unknown>);
    });
    return out;
  }
  try {
    return parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      delimiter: delimiterOf(text),
      skip_empty_lines: true,
      relax_column_count: false,
      trim: true,
    }) as Array<Record<string, unknown>>;
  } catch (e) {
    throw new BulkFileError(`the file is not a readable CSV: ${csvProblem(e)}`);
  }
}

/** Reads a whole file into rows; throws BulkFileError when the file cannot be used at all. */
export function readEditFile(input: string | Buffer): EditRow[] {
  const size = typeof input === "string" ? Buffer.byteLength(input) : input.length;
  if (size > MAX_FILE_BYTES)
    throw new BulkFileError(
      `the file is ${(size / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_FILE_BYTES / 1024 / 1024} MB: split it into several files`,
    );
  // a string was decoded already: what survives of its first bytes is sniffed (a zip's or a PDF's header, NUL bytes)
  const wrong = wrongFile(typeof input === "string" ? Buffer.from(input.slice(0, 4096), "utf8") : input);
  if (wrong) throw new BulkFileError(wrong.message);
  const text = (typeof input === "string" ? input : input.toString("utf8")).replace(/^\uFEFF/, "");
  if (text.trim() === "")
    throw new BulkFileError("the file is empty: give a header row (sku plus fields) and one row per product");
  const recs = records(text);
  if (recs.length === 0) throw new BulkFileError("the file has a header but no rows");
  if (recs.length > MAX_ROWS)
    throw new BulkFileError(`the file has ${recs.length} rows; the limit is ${MAX_ROWS}: split it`);
  const columns = new Set(recs.flatMap((r) => Object.keys(r)));
  if (!columns.has("sku"))
    throw new BulkFileError(
      `there is no "sku" column (found: ${named([...columns]) || "none"}); the header row names sku plus any of ${EDIT_FIELDS.join(", ")}`,
    );
  const unknown = [...columns].filter((c) => c !== "sku" && !(EDIT_FIELDS as readonly string[]).includes(c));
  if (unknown.length)
    throw new BulkFileError(
      `unknown column${unknown.length > 1 ? "s" : ""} ${named(unknown.map((c) => `"${c}"`))}: use sku plus any of ${EDIT_FIELDS.join(", ")}`,
    );
  if (columns.size === 1) throw new BulkFileError(`only a sku column: add at least one of ${EDIT_FIELDS.join(", ")}`);

  const firstRowOfSku = new Map<string, number>();
  return recs.map((rec, i) => validateRow(i + 1, rec, firstRowOfSku));
}

/** Column names as a refusal quotes them: a few, each short and printable. */
function named(columns: readonly string[]): string {
  const shown = columns.slice(0, 10).map((c) => printable(c));
  return columns.length > shown.length
    ? `${shown.join(", ")} and ${columns.length - shown.length} more`
    : shown.join(", ");
}

function text(v: unknown): string {
  return v === undefined || v === null ? "" : typeof v === "string" ? v.trim() : String(v);
}

function validateRow(row: number, rec: Record<string, unknown>, firstRowOfSku: Map<string, number>): EditRow {
  const sku = text(rec.sku);
  const fields: EditRow["fields"] = {};
  for (const f of EDIT_FIELDS) if (text(rec[f]) !== "") fields[f] = text(rec[f]);
  const base: EditRow = { row, sku, fields };
  if (sku === "") return { ...base, error: "sku is empty" };
  if (sku.length > 64) return { ...base, error: "sku is longer than 64 characters (Magento's limit)" };
  const earlier = firstRowOfSku.get(sku.toLowerCase());
  if (earlier !== undefined)
    return { ...base, error: `sku ${sku} is already on row ${earlier}: give each product one row` };
  firstRowOfSku.set(sku.toLowerCase(), row);
  if (Object.keys(fields).length === 0)
    return { ...base, error: `nothing to change: fill at least one of ${EDIT_FIELDS.join(", ")}` };
  const values: Partial<Record<EditField, number>> = {};
  const problems: string[] = [];
  for (const [f, raw] of Object.entries(fields) as Array<[EditField, string]>) {
    const r = FIELD_RULES[f].safeParse(raw);
    if (r.success) values[f] = r.data;
    else problems.push(`${f} "${raw}" ${r.error.issues[0]?.message ?? "is invalid"}`);
  }
  if (problems.length) return { ...base, error: problems.join("; ") };
  return { ...base, element: productElement(sku, values) };
}

/** The putProductsBySku bulk element: the path parameter `sku` and the product body with only the given fields. */
export function productElement(
  sku: string,
  v: Partial<Record<EditField, number>>,
): { sku: string; product: Record<string, unknown> } {
  const product: Record<string, unknown> = { sku };
  if (v.price !== undefined) product.price = v.price;
  if (v.status !== undefined) product.status = v.status;
  if (v.visibility !== undefined) product.visibility = v.visibility;
  if (v.special_price !== undefined)
    product.custom_attributes = [{ attribute_code: "special_price", value: String(v.special_price) }];
  if (v.qty !== undefined) product.extension_attributes = { stock_item: { qty: v.qty, is_in_stock: v.qty > 0 } };
  return { sku, product };
}
