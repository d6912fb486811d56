/**
 * The wrong files people upload for a bulk edit, recognised by their first bytes: a spreadsheet saved in its own
 * format (Excel .xlsx or .xls, LibreOffice .ods), an image, a zip, a PDF, or a CSV saved as UTF-16. Each gets a
 * message saying what to do instead; the file's bytes are never echoed back.
 */

export type WrongFileKind =
  "xlsx" | "ods" | "zip" | "xls" | "png" | "jpeg" | "gif" | "pdf" | "gzip" | "utf16" | "binary";

export interface WrongFile {
  kind: WrongFileKind;
  /** What the file is and what to do, in words (no byte of the file in it), as BulkFileError messages read: lower case, no full stop. */
  message: string;
}

const SAVE_AS_CSV =
  "open it in the spreadsheet and save it as CSV UTF-8 (in Excel: File › Save As › CSV UTF-8 (Comma delimited)), then upload the .csv file";

const MESSAGES: Record<WrongFileKind, string> = {
  xlsx: `this is an Excel workbook (.xlsx), not a CSV file: ${SAVE_AS_CSV}`,
  ods: `this is a LibreOffice or OpenOffice spreadsheet (.ods), not a CSV file: ${SAVE_AS_CSV}`,
  zip: "this is a zip archive, not a CSV file: unzip it and upload the .csv file inside it",
  xls: `this is an old-style Excel workbook (.xls), not a CSV file: ${SAVE_AS_CSV}`,
  png: "this is a PNG image, not a CSV file: upload the spreadsheet saved as CSV UTF-8 instead",
  jpeg: "this is a JPEG image, not a CSV file: upload the spreadsheet saved as CSV UTF-8 instead",
  gif: "this is a GIF image, not a CSV file: upload the spreadsheet saved as CSV UTF-8 instead",
  pdf: "this is a PDF document, not a CSV file: export the data from the spreadsheet as CSV UTF-8 and upload that",
  gzip: "this is a gzip-compressed file, not a CSV file: decompress it and upload the .csv file",
  utf16:
    "this file is saved as UTF-16 (Excel's “Unicode Text”), which the app does not read: save it as CSV UTF-8 instead",
  binary: "this is not a text file (it holds binary data): upload a CSV file saved as CSV UTF-8, or an NDJSON file",
};

const starts = (b: Buffer, magic: readonly number[]) => b.length >= magic.length && magic.every((x, i) => b[i] === x);
const startsText = (b: Buffer, text: string) => b.subarray(0, text.length).toString("latin1") === text;

/** How far into a file its kind is looked for (a zip names its first entries in its first few KiB). */
const SNIFF_BYTES = 64 * 1024;

/** What a zip holds, from the names of its entries (an OOXML workbook's come first: `[Content_Types].xml`, `xl/…`). */
function zipKind(head: string): WrongFileKind {
  if (head.includes("application/vnd.oasis.opendocument.spreadsheet")) return "ods";
  if (head.includes("[Content_Types].xml") || head.includes("xl/workbook.xml") || /\bxl\//.test(head)) return "xlsx";
  return "zip";
}

/** The kind of a file that is not CSV or NDJSON text, or null when it may be one. */
export function wrongFileKind(file: Buffer): WrongFileKind | null {
  if (starts(file, [0x50, 0x4b, 0x03, 0x04]) || starts(file, [0x50, 0x4b, 0x05, 0x06]))
    return zipKind(file.subarray(0, SNIFF_BYTES).toString("latin1"));
  if (starts(file, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "xls";
  if (starts(file, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts(file, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsText(file, "GIF87a") || startsText(file, "GIF89a")) return "gif";
  if (startsText(file, "%PDF-")) return "pdf";
  if (starts(file, [0x1f, 0x8b])) return "gzip";
  if (starts(file, [0xff, 0xfe]) || starts(file, [0xfe, 0xff])) return "utf16";
  // no text file of a CSV or NDJSON holds a NUL byte; UTF-16 without a BOM has one in every other byte
  if (file.subarray(0, SNIFF_BYTES).includes(0)) return "binary";
  return null;
}

/** The wrong file this is, with what to do, or null when it may be CSV or NDJSON. */
export function wrongFile(file: Buffer): WrongFile | null {
  const kind = wrongFileKind(file);
  return kind ? { kind, message: MESSAGES[kind] } : null;
}
