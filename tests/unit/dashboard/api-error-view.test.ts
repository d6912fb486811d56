import { describe, expect, it } from "vitest";
import { describeApiError } from "@/lib/dashboard/api-error-view";
import { errorFromResponse } from "@/lib/magento/errors";

const err = (status: number, body: unknown) => errorFromResponse(status, JSON.stringify(body), "http://s/rest/V1/products", "GET");

describe("describeApiError", () => {
  it("names the ACL resource to grant on a 401 %resources", () => {
    const v = describeApiError(err(401, { message: "The consumer isn't authorized to access %resources.", parameters: { resources: "Magento_Sales::sales" } }));
    expect(v.action).toBe("grant_resource");
    expect(v.resource).toBe("Magento_Sales::sales");
    expect(v.title).toContain("Magento_Sales::sales");
    expect(v.advice).toMatch(/Reauthorize/);
  });

  it("asks to reauthorize after a revocation or a deleted token", () => {
    expect(describeApiError(err(401, { message: "Access token has been revoked" })).action).toBe("reauthorize");
    const missing = describeApiError(err(401, { message: "Specified token does not exist" }));
    expect(missing.action).toBe("reauthorize");
    expect(missing.code).toBe("token_missing");
  });

  it("treats an installation without working tokens as needing reauthorization", () => {
    const e = Object.assign(new Error("No access token for this store."), { name: "InstallationNotUsableError" });
    expect(describeApiError(e)).toMatchObject({ action: "reauthorize", storeMessage: "No access token for this store." });
  });

  it("explains 404 and unknown failures", () => {
    expect(describeApiError(err(404, { message: "Request does not match any route." })).action).toBe("none");
    const other = describeApiError(new Error("boom"));
    expect(other.action).toBe("retry");
    expect(other.storeMessage).toBe("boom");
  });
});
