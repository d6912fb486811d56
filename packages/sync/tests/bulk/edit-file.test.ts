/**
 * Bulk edit files as merchants make them: a BOM, semicolons (Excel in many locales), quoted newlines, duplicate
 * SKUs, files past the size limit, formulas in cells. Each bad row gets its own message; a file that cannot be
 * used as a whole is refused; the failures file never hands a spreadsheet a formula.
 */
import { describe, expect, it } from "vitest";
import { BulkFileError, MAX_FILE_BYTES, readEditFile, csvCell, csvLine } from "@magento-integration/sync/bulk";

describe("reading bulk edit files", () => {
  it("a UTF-8 BOM before the header is not part of the first column's name", () => {
    const rows = readEditFile(Buffer.from("\uFEFFsku,price\r\n24-MB01,12.5\r\n", "utf8"));
    expect(rows).toEqual([
      {
        row: 1,
        sku: "24-MB01",
        fields: { price: "12.5" },
        element: { sku: "24-MB01", product: { sku: "24-MB01", price: 12.5 } },
      },
    ]);
  });

  it("semicolon-separated files are read as such (a comma inside a value stays in it)", () => {
    const rows = readEditFile('sku;price;status\n24-MB01;10;1\n"A,B";11;2\n');
    expect(rows.map((r) => [r.sku, r.element?.product.price, r.element?.product.status])).toEqual([
      ["24-MB01", 10, 1],
      ["A,B", 11, 2],
    ]);
  });

  it("a quoted newline stays inside its cell and does not shift the row numbers", () => {
    const rows = readEditFile('sku,price\n"odd\nsku",5\n24-MB04,abc\n');
    expect(rows.map((r) => [r.row, r.sku])).toEqual([
      [1, "odd\nsku"],
      [2, "24-MB04"],
    ]);
    expect(rows[1]!.error).toBe('price "abc" must be a number');
  });

  it("a SKU given twice: the later rows are invalid, naming the first", () => {
    const rows = readEditFile("sku,price\n24-MB01,1\n24-mb01,2\n24-MB04,3\n24-MB01,4\n");
    expect(rows.map((r) => r.error ?? "ok")).toEqual([
      "ok",
      "sku 24-mb01 is already on row 1: give each product one row",
      "ok",
      "sku 24-MB01 is already on row 1: give each product one row",
    ]);
  });

  it("each bad value gets its own message; rows without anything to change are invalid", () => {
    const rows = readEditFile("sku,price,qty,status,visibility\nA,-1,5,3,9\nB,,,,\n,1,,,\nC,=1+2,,,\n");
    expect(rows.map((r) => r.error)).toEqual([
      'price "-1" must not be negative; status "3" must be 1 (enabled) or 2 (disabled); visibility "9" must be 1-4 (1 not visible, 2 catalog, 3 search, 4 both)',
      "nothing to change: fill at least one of price, special_price, qty, status, visibility",
      "sku is empty",
      'price "=1+2" must be a number',
    ]);
  });

  it("NDJSON rows read like CSV rows; qty and special price become stock and the custom attribute", () => {
    const rows = readEditFile('{"sku":"A","qty":0,"special_price":"9.5"}\n\n{"sku":"B","price":3}\n');
    expect(rows[0]!.element).toEqual({
      sku: "A",
      product: {
        sku: "A",
        custom_attributes: [{ attribute_code: "special_price", value: "9.5" }],
        extension_attributes: { stock_item: { qty: 0, is_in_stock: false } },
      },
    });
    expect(rows[1]!.row).toBe(2);
  });

  it("a file unusable as a whole is refused with what to fix", () => {
    const refused = (input: string | Buffer) => {
      try {
        readEditFile(input);
      } catch (e) {
        expect(e).toBeInstanceOf(BulkFileError);
        return (e as Error).message;
      }
      throw new Error("accepted");
    };
    expect(refused("")).toMatch(/empty/);
    expect(refused("price\n1\n")).toMatch(/no "sku" column/);
    expect(refused("sku,price,colour\nA,1,red\n")).toMatch(/unknown column "colour"/);
    expect(refused("sku,price\nA,1,extra\n")).toMatch(/not a readable CSV/);
    expect(refused('{"sku":"A","price":1}\nnot json\n')).toMatch(/line 2 is not JSON/);
    const big = Buffer.alloc(MAX_FILE_BYTES + 1, "a");
    expect(refused(big)).toMatch(/limit is 10 MB: split it/);
  });

  it("a file just under 10 MB is read whole", () => {
    const lines = ["sku,price,special_price,qty,status,visibility"];
    let size = lines[0]!.length + 1;
    while (size < MAX_FILE_BYTES - 200) {
      const line = `LONG-SKU-NAME-${String(lines.length).padStart(30, "0")},${lines.length % 1000}.5,1.25,100,1,4`;
      lines.push(line);
      size += line.length + 1;
    }
    const rows = readEditFile(`${lines.join("\n")}\n`);
    expect(rows).toHaveLength(lines.length - 1);
    expect(rows.every((r) => r.element)).toBe(true);
  }, 120_000);
});

describe("the failures file", () => {
  it("cells a spreadsheet would run as formulas start with a quote; quotes are doubled", () => {
    expect(csvCell('=HYPERLINK("http://x.test")')).toBe('"\'=HYPERLINK(""http://x.test"")"');
    expect(csvCell("+1")).toBe('"\'+1"');
    expect(csvCell("@SUM(A1)")).toBe('"\'@SUM(A1)"');
    expect(csvCell("-2")).toBe('"\'-2"');
    expect(csvCell("24-MB01")).toBe('"24-MB01"');
    expect(csvLine([1, "a", null])).toBe('"1","a",""\r\n');
  });
});
