/**
 * The wrong files merchants upload for a bulk edit: an Excel workbook, an old .xls, images, a zip, a PDF, a CSV
 * saved as UTF-16. Each is named with what to do instead, and no refusal ever quotes the file's bytes (a workbook
 * refused by the CSV parser used to come back as "PK\u0003\u0004…[Content_Types].xml" on one unbroken line).
 */
import { describe, expect, it } from "vitest";
import { readEditFile, wrongFileKind, csvProblem, printable } from "@magento-integration/sync/bulk";

/** A zip's first local file header naming `name`, followed by `data` (stored), as a zip tool writes it. */
function zipEntry(name: string, data: string): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(Buffer.byteLength(data), 18);
  header.writeUInt32LE(Buffer.byteLength(data), 22);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([header, Buffer.from(name, "latin1"), Buffer.from(data, "latin1")]);
}

const XLSX = Buffer.concat([
  zipEntry("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="x"><Override PartName="/xl/workbook.xml"/>'),
  zipEntry("xl/workbook.xml", "<workbook/>"),
]);
const ODS = zipEntry("mimetype", "application/vnd.oasis.opendocument.spreadsheet");
const ZIP = zipEntry("prices.csv", "sku,price\nA,1\n");
const XLS = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504, 0xff)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from("IHDR", "latin1"),
  Buffer.from([0, 0, 1, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]),
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00\x80\x00\x00", "latin1");
const PDF = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n", "latin1");
const UTF16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("sku\tprice\r\nA\t1\r\n", "utf16le")]);
const UTF16_NO_BOM = Buffer.from("sku,price\r\nA,1\r\n", "utf16le");

function refusal(file: Buffer | string): string {
  try {
    readEditFile(file);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("the file was read");
}

/** Nothing a browser would draw as a box, a control, or one endless word. */
function expectPrintable(message: string) {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  expect(message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\ufffd]/);
  expect(message.split(" ").every((word) => word.length <= 60)).toBe(true);
}

describe("wrong files for a bulk edit", () => {
  it.each([
    ["an Excel workbook", XLSX, "xlsx", /Excel workbook \(\.xlsx\).*save it as CSV UTF-8/],
    ["a LibreOffice spreadsheet", ODS, "ods", /\.ods.*save it as CSV UTF-8/],
    ["a zip", ZIP, "zip", /zip archive.*unzip it/],
    ["an old .xls", XLS, "xls", /old-style Excel workbook \(\.xls\).*save it as CSV UTF-8/],
    ["a PNG", PNG, "png", /PNG image.*CSV UTF-8/],
    ["a JPEG", JPEG, "jpeg", /JPEG image/],
    ["a GIF", GIF, "gif", /GIF image/],
    ["a PDF", PDF, "pdf", /PDF document.*CSV UTF-8/],
    ["UTF-16 with its BOM", UTF16, "utf16", /UTF-16.*save it as CSV UTF-8/],
    ["UTF-16 without a BOM", UTF16_NO_BOM, "binary", /not a text file/],
  ])("%s is named, with what to do, and none of its bytes", (_name, file, kind, words) => {
    expect(wrongFileKind(file)).toBe(kind);
    const message = refusal(file);
    expect(message).toMatch(words);
    expectPrintable(message);
    expect(message).not.toContain("Content_Types");
    expect(message).not.toContain("IHDR");
    expect(message).not.toContain("PK");
  });

  it("a CSV, an NDJSON file and a CSV with a UTF-8 BOM are not taken for wrong files", () => {
    expect(wrongFileKind(Buffer.from("sku,price\nA,1\n"))).toBeNull();
    expect(wrongFileKind(Buffer.from('{"sku":"A","price":1}\n'))).toBeNull();
    expect(wrongFileKind(Buffer.from("\uFEFFsku;price\nÄ;1\n", "utf8"))).toBeNull();
    expect(readEditFile(Buffer.from("\uFEFFsku;price\nÄ;1\n", "utf8"))[0]?.sku).toBe("Ä");
  });

  it("the CSV parser's refusals say what is wrong and on which line, without quoting the cell", () => {
    const quote = refusal('sku,price\nA,1\n"B"SECRETCELL,2\n');
    expect(quote).toBe(
      'the file is not a readable CSV: a quote (") in the middle of a cell: put the whole cell in quotes and double each quote inside it (line 3)',
    );
    expect(refusal('sku,price\n"never closed,1\n')).toMatch(/a quoted cell is never closed \(line \d\)/);
    expect(csvProblem(new Error('Invalid Opening Quote: value is "\u0000\u0001binary"'))).toBe(
      "its rows cannot be told apart",
    );
  });

  it("binary text that no magic number names still never reaches a message raw", () => {
    const junk = Buffer.from([0xc3, 0x28, 0x1b, 0x5b, 0x32, 0x4a, 0xfe]);
    const message = refusal(Buffer.concat([junk, Buffer.from("z".repeat(5000) + "\n1\n")]));
    expect(message).toMatch(/^there is no "sku" column \(found: \?\(\?\[2j\?z+…\)/);
    expectPrintable(message);
    expect(message.length).toBeLessThan(400);
    expect(printable("a\u0000b\u001b[2J\ufffd" + "y".repeat(100))).toBe(`a?b?[2J?${"y".repeat(32)}…`);
  });
});
