/**
 * The one vocabulary of store problems and its advice table: every store sentence and OAuth problem code maps to
 * one code, every code has advice, and the handshake's stored reasons are a part of it with distinct titles
 * (the diagnostics page lists them).
 */
import { describe, expect, it } from "vitest";
import {
  ADMIN_SIDE_PROBLEMS,
  STORE_ADVICE,
  adviceFor,
  codeOfStoreMessage,
  errorFromResponse,
  refusedResources,
  StoreError,
  MagentoApiError,
  type StoreProblem,
  FAILURE_REASONS,
} from "@magento-integration/client";
import { InstallationNotUsableError } from "@magento-integration/handshake";

describe("the store's words → one code", () => {
  it.each([
    ["Consumer key has expired", "consumer_expired"],
    ["consumer_key_expired", "consumer_expired"],
    ["A consumer having the specified key does not exist", "consumer_missing"],
    ["consumer_key_rejected", "consumer_missing"],
    ["Specified token does not exist", "token_missing"],
    ["token_rejected", "token_missing"],
    ["Access token has been revoked", "token_revoked"],
    ["The signature is invalid. Verify and try again.", "signature_invalid"],
    ["Signature method HMAC-SHA1 is not supported", "method_not_supported"],
    ["Token verifier and verifier token do not match", "verifier_invalid"],
    ["Token is already being used", "token_already_used"],
    ["An error occurred validating the nonce", "timestamp_rejected"],
    ["The consumer isn't authorized to access Magento_Sales::sales.", "not_authorized"],
    ["permission_denied", "not_authorized"],
  ] as const)("%s → %s", (message, code) => {
    expect(codeOfStoreMessage(message)).toBe(code);
  });

  it("knows nothing it was not told", () => {
    expect(codeOfStoreMessage("The %fieldName value is invalid.")).toBeUndefined();
    expect(codeOfStoreMessage(undefined)).toBeUndefined();
  });

  it("names the refused ACL resource from the parameters or the sentence, and only for a refusal", () => {
    expect(
      refusedResources(
        "The consumer isn't authorized to access %resources.",
        "The consumer isn't authorized to access Magento_Sales::sales.",
        { resources: "Magento_Sales::sales" },
      ),
    ).toBe("Magento_Sales::sales");
    expect(
      refusedResources(
        "The consumer isn't authorized to access Magento_Cms::page.",
        "The consumer isn't authorized to access Magento_Cms::page.",
        undefined,
      ),
    ).toBe("Magento_Cms::page");
    expect(
      refusedResources("Specified token does not exist", "Specified token does not exist", undefined),
    ).toBeUndefined();
  });
});

describe("the advice table", () => {
  it("has a title, a fix and an action for every problem", () => {
    for (const [code, a] of Object.entries(STORE_ADVICE)) {
      expect(a.title.length, code).toBeGreaterThan(0);
      expect(a.fix.length, code).toBeGreaterThan(20);
    }
    for (const p of ADMIN_SIDE_PROBLEMS) expect(p.fix.length).toBeGreaterThan(20);
  });

  it("covers every stored failure reason, each with its own title", () => {
    for (const r of FAILURE_REASONS) expect(STORE_ADVICE[r as StoreProblem], r).toBeDefined();
    expect(new Set(FAILURE_REASONS.map((r) => STORE_ADVICE[r].title)).size).toBe(FAILURE_REASONS.length);
  });

  it("is what the client's errors carry as their hint", () => {
    const e = errorFromResponse(
      401,
      JSON.stringify({ message: "Access token has been revoked" }),
      "https://shop.test/rest/V1/orders",
      "GET",
    );
    expect(e.hint).toBe(STORE_ADVICE.token_revoked.fix);
    expect(adviceFor("not_authorized", { resources: "Magento_Sales::sales" }).fix).toContain("Magento_Sales::sales");
  });

  it("every error about a store is a StoreError with a code of the table", () => {
    const errors = [
      errorFromResponse(404, "{}", "https://shop.test/rest/V1/x", "GET"),
      new InstallationNotUsableError("pending", "no token"),
    ];
    for (const e of errors) {
      expect(e).toBeInstanceOf(StoreError);
      expect(STORE_ADVICE[e.code]).toBeDefined();
    }
    expect(errors[1]).not.toBeInstanceOf(MagentoApiError);
  });
});
