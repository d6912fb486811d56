import { describe, expect, it } from "vitest";
import { joinStoreInfo } from "@/lib/dashboard/store-info";

describe("joinStoreInfo", () => {
  it("joins store configs to websites and views, skipping the admin scope", () => {
    const info = joinStoreInfo(
      [
        {
          id: 1,
          code: "default",
          website_id: 1,
          locale: "en_US",
          base_currency_code: "USD",
          timezone: "UTC",
          base_url: "http://s/",
          secure_base_url: "https://s/",
        },
        { id: 0, code: "admin", website_id: 0 },
      ],
      [
        { id: 0, code: "admin", name: "Admin" },
        { id: 1, code: "base", name: "Main Website" },
      ],
      [{ id: 1, code: "default", name: "Default Store View", website_id: 1 }],
    );
    expect(info).toEqual([
      {
        id: 1,
        code: "default",
        name: "Default Store View",
        websiteName: "Main Website",
        websiteCode: "base",
        locale: "en_US",
        currency: "USD",
        timezone: "UTC",
        baseUrl: "https://s/",
      },
    ]);
  });

  it("refuses a response that is not a list", () => {
    expect(() => joinStoreInfo({ message: "x" }, [])).toThrow();
  });
});
