import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/dashboard/format";

describe("formatMoney", () => {
  it("formats each price in its own currency, however many currencies and cells a page has", () => {
    const cells = Array.from({ length: 200 }, (_, i) => [i % 2 ? "EUR" : "USD", i + 0.5] as const);
    for (const [currency, price] of cells)
      expect(formatMoney(price, currency)).toBe(`${currency === "USD" ? "$" : "€"}${price.toFixed(2)}`);
    expect(formatMoney("1234.5", "GBP")).toBe("£1,234.50");
    expect(formatMoney(10, "JPY")).toBe("¥10");
  });

  it("shows a number without a symbol when the store gives no usable currency, and a dash for no number", () => {
    expect(formatMoney(12, undefined)).toBe("12.00");
    expect(formatMoney(12, "usd")).toBe("12.00");
    expect(formatMoney("n/a", "USD")).toBe("—");
    expect(formatMoney(null, "USD")).toBe("—");
  });
});
