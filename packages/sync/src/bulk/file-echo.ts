/**
 * What a refusal of a bulk edit file may say about the file's own content: a short, printable excerpt, never raw
 * bytes (a binary file read as text is control characters and replacement characters on one endless line), and
 * the CSV parser's errors in words, without the cell it quotes.
 */

/** Longest excerpt of the file's text a message quotes. */
export const ECHO_MAX_CHARS = 40;

/** Control characters (C0, DEL, C1), the replacement character, lone surrogates and bidi overrides. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\ufffd\ud800-\udfff\u202a-\u202e\u2066-\u2069]/gu;

/** `text` as a message may quote it: unprintable characters as `?`, at most `max` characters (then `…`). */
export function printable(text: string, max = ECHO_MAX_CHARS): string {
  const chars = [...text.replace(UNPRINTABLE, "?")];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : chars.join("");
}

/** csv-parse's error codes (csv-parse/lib/api/CsvError) that the file's author can act on, in words. */
const CSV_REASONS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "a quoted cell is never closed",
  INVALID_OPENING_QUOTE:
    'a quote (") in the middle of a cell: put the whole cell in quotes and double each quote inside it',
  CSV_INVALID_CLOSING_QUOTE:
    'a quote (") in the middle of a cell: put the whole cell in quotes and double each quote inside it',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "characters after the closing quote of a cell",
  CSV_RECORD_INCONSISTENT_COLUMNS: "a row has more or fewer cells than the header row",
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: "a row has more or fewer cells than the header row",
  CSV_MAX_RECORD_SIZE: "a row is too long",
};

/** Why csv-parse refused the text, in words and with its line, never quoting the file. */
export function csvProblem(e: unknown): string {
  const err = (e ?? {}) as { code?: unknown; lines?: unknown };
  const line = typeof err.lines === "number" && err.lines > 0 ? ` (line ${err.lines})` : "";
  const reason = typeof err.code === "string" ? CSV_REASONS[err.code] : undefined;
  return `${reason ?? "its rows cannot be told apart"}${line}`;
}
