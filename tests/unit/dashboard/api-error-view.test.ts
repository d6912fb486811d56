import { describe, expect, it } from "vitest";
import { describeApiError } from "@/lib/dashboard/api-error-view";
import { errorFromResponse, ResponseTooLargeError } from "@magento-integration/client";
import { InstallationNotUsableError } from "@magento-integration/handshake";

const err = (status: number, body: unknown) =>
  errorFromResponse(status, JSON.stringify(body), "http://s/rest/V1/products", "GET");

describe("describeApiError", () => {
  it("names the ACL resource to grant on a 401 %resources", () => {
    const v = describeApiError(
      err(401, {
        message: "The consumer isn't authorized to access %resources.",
        parameters: { resources: "Magento_Sales::sales" },
      }),
    );
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
    const e = new InstallationNotUsableError("pending", "No access token for this store.");
    expect(describeApiError(e)).toMatchObject({
      action: "reauthorize",
      storeMessage: "No access token for this store.",
    });
    // a plain Error that only carries the name is not one (told apart by class, not by name)
    expect(describeApiError(Object.assign(new Error("x"), { name: "InstallationNotUsableError" })).action).toBe(
      "retry",
    );
  });

  it("explains 404 and unknown failures", () => {
    expect(describeApiError(err(404, { message: "Request does not match any route." })).action).toBe("none");
    const other = describeApiError(new Error("boom"));
    expect(other.action).toBe("retry");
    expect(other.storeMessage).toBe("boom");
  });

  it("says an answer too large to read is too large, and how to ask for less", () => {
    const v = describeApiError(
      new ResponseTooLargeError({
        status: 200,
        url: "http://s/rest/V1/products",
        method: "GET",
        limitBytes: 1024,
        receivedBytes: 2048,
      }),
    );
    expect(v).toMatchObject({ code: "response_too_large", action: "none" });
    expect(v.title).toMatch(/too large/);
    expect(v.advice).toMatch(/pageSize|fields=/);
  });
});
