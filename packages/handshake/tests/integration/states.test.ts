import { describe, expect, it } from "vitest";
import { INSTALLATION_STATES, nextState, type InstallationEventKind } from "@magento-integration/storage";
import { revocationEventFor } from "@magento-integration/handshake";
import {
  classifyHandshakeError,
  errorFromResponse,
  MagentoOAuthError,
  ResponseTooLargeError,
} from "@magento-integration/client";

const URL = "https://shop.test/rest/V1/products";
const refusal = (status: number, message: string) => errorFromResponse(status, JSON.stringify({ message }), URL, "GET");
const tokenRefusal = (init: Partial<ConstructorParameters<typeof MagentoOAuthError>[0]>) =>
  new MagentoOAuthError({
    status: 401,
    kind: "oauth_problem",
    code: "other",
    url: "https://shop.test/oauth/token/request",
    ...init,
  });

describe("installation state machine", () => {
  it("walks the happy path", () => {
    expect(nextState("pending", "exchange_started")).toBe("exchanging");
    expect(nextState("exchanging", "exchange_succeeded")).toBe("active");
    expect(nextState("exchanging", "exchange_failed")).toBe("failed");
  });

  it("never takes an active installation out of active on a callback or a failed exchange", () => {
    const events: InstallationEventKind[] = ["callback", "exchange_started", "exchange_failed"];
    for (const e of events) expect(nextState("active", e)).toBe("active");
  });

  it("maps revocations", () => {
    expect(nextState("active", "token_missing")).toBe("needs_reauthorization");
    expect(nextState("active", "token_revoked")).toBe("revoked");
    expect(nextState("needs_reauthorization", "consumer_missing")).toBe("revoked");
    expect(nextState("pending", "token_missing")).toBe("pending");
  });

  it("lets a new callback restart failed, revoked and needs_reauthorization installations", () => {
    for (const s of ["failed", "revoked", "needs_reauthorization", "pending", "exchanging"] as const)
      expect(nextState(s, "callback")).toBe("pending");
  });

  it("is total", () => {
    const events: InstallationEventKind[] = [
      "callback",
      "exchange_started",
      "exchange_succeeded",
      "exchange_failed",
      "token_missing",
      "token_revoked",
      "consumer_missing",
      "call_succeeded",
    ];
    for (const s of INSTALLATION_STATES) for (const e of events) expect(INSTALLATION_STATES).toContain(nextState(s, e));
  });
});

describe("revocation detection", () => {
  it("classifies the three store messages", () => {
    expect(revocationEventFor(refusal(401, "Specified token does not exist"))).toBe("token_missing");
    expect(revocationEventFor(refusal(401, "Access token has been revoked"))).toBe("token_revoked");
    expect(revocationEventFor(refusal(401, "A consumer having the specified key does not exist"))).toBe(
      "consumer_missing",
    );
    expect(revocationEventFor(refusal(401, "The consumer isn't authorized to access %resources."))).toBeNull();
    expect(revocationEventFor(refusal(500, "Specified token does not exist"))).toBeNull();
  });

  it("is told by the error's class, never by an object that only looks like one", () => {
    const lookalike = {
      status: 401,
      code: "token_missing",
      template: "Specified token does not exist",
      message: "Specified token does not exist",
    };
    expect(revocationEventFor(lookalike)).toBeNull();
    expect(revocationEventFor(new Error("Specified token does not exist"))).toBeNull();
  });
});

describe("classifyHandshakeError", () => {
  it("keeps the store's words and maps them", () => {
    expect(classifyHandshakeError(tokenRefusal({ storeMessage: "Consumer key has expired" }))).toMatchObject({
      reason: "consumer_expired",
      storeMessage: "Consumer key has expired",
    });
    expect(
      classifyHandshakeError(tokenRefusal({ storeMessage: "Token verifier and verifier token do not match" })).reason,
    ).toBe("verifier_invalid");
    expect(classifyHandshakeError(tokenRefusal({ status: 0, kind: "network", code: "network" })).reason).toBe(
      "store_unreachable",
    );
    expect(classifyHandshakeError(tokenRefusal({ status: 200, kind: "unparsable", code: "other" })).reason).toBe(
      "bad_response",
    );
    expect(classifyHandshakeError(new Error("boom")).reason).toBe("other");
  });

  it("labels an answer too large to read as response_too_large, from the client's error or the token step's", () => {
    const tooLarge = new ResponseTooLargeError({
      status: 200,
      url: "https://shop.test/oauth/token/request",
      method: "POST",
      limitBytes: 8192,
      receivedBytes: 9000,
    });
    expect(classifyHandshakeError(tooLarge).reason).toBe("response_too_large");
    const wrapped = tokenRefusal({ status: 200, kind: "too_large", code: "response_too_large", cause: tooLarge });
    expect(classifyHandshakeError(wrapped).reason).toBe("response_too_large");
  });
});
