import { describe, expect, it } from "vitest";
import { INSTALLATION_STATES, nextState, type InstallationEventKind } from "@/lib/integration/states";
import { revocationEventFor } from "@/lib/integration/revocation";
import { classifyHandshakeError } from "@/lib/integration/exchange";

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
    for (const s of ["failed", "revoked", "needs_reauthorization", "pending", "exchanging"] as const) expect(nextState(s, "callback")).toBe("pending");
  });

  it("is total", () => {
    const events: InstallationEventKind[] = ["callback", "exchange_started", "exchange_succeeded", "exchange_failed", "token_missing", "token_revoked", "consumer_missing", "call_succeeded"];
    for (const s of INSTALLATION_STATES) for (const e of events) expect(INSTALLATION_STATES).toContain(nextState(s, e));
  });
});

describe("revocation detection", () => {
  it("classifies the three store messages", () => {
    expect(revocationEventFor({ status: 401, template: "Specified token does not exist" })).toBe("token_missing");
    expect(revocationEventFor({ status: 401, renderedMessage: "Access token has been revoked" })).toBe("token_revoked");
    expect(revocationEventFor({ status: 401, message: "A consumer having the specified key does not exist" })).toBe("consumer_missing");
    expect(revocationEventFor({ status: 401, code: "token_missing" })).toBe("token_missing");
    expect(revocationEventFor({ status: 401, template: "The consumer isn't authorized to access %resources." })).toBeNull();
    expect(revocationEventFor({ status: 500, template: "Specified token does not exist" })).toBeNull();
  });
});

describe("classifyHandshakeError", () => {
  it("keeps the store's words and maps them", () => {
    expect(classifyHandshakeError({ status: 401, kind: "oauth_problem", storeMessage: "Consumer key has expired" })).toMatchObject({
      reason: "consumer_expired",
      storeMessage: "Consumer key has expired",
    });
    expect(classifyHandshakeError({ status: 401, storeMessage: "Token verifier and verifier token do not match" }).reason).toBe("verifier_invalid");
    expect(classifyHandshakeError({ status: 0, kind: "network", code: "network" }).reason).toBe("store_unreachable");
    expect(classifyHandshakeError(new Error("boom")).reason).toBe("other");
  });
});
