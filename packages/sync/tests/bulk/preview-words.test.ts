import { describe, expect, it } from "vitest";
import { valueInWords } from "@magento-integration/sync/bulk";

describe("bulk preview values in words", () => {
  it("status and visibility codes carry their meaning; other fields stay as they are", () => {
    expect(valueInWords("status", "2")).toBe("2 (disabled)");
    expect(valueInWords("status", "1")).toBe("1 (enabled)");
    expect(valueInWords("visibility", "4")).toBe("4 (catalog, search)");
    expect(valueInWords("visibility", "1")).toBe("1 (not visible)");
    expect(valueInWords("price", "2")).toBe("2");
    expect(valueInWords("status", "7")).toBe("7");
  });
});
