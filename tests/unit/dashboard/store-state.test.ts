import { describe, expect, it } from "vitest";
import { allStateViews, checkedAgo, describeStoreState, stateOfRevocation } from "@/lib/dashboard/store-state";
import { INSTALLATION_STATES } from "@magento-integration/storage";
import { STORE_ADVICE } from "@magento-integration/client";

describe("the state table", () => {
  it("has words and one action for every installation state", () => {
    for (const state of INSTALLATION_STATES) {
      const v = describeStoreState({ state, failureReason: null });
      expect(v.label.length, state).toBeGreaterThan(0);
      expect(v.title.length, state).toBeGreaterThan(0);
      expect(v.action.kind === "none" || v.action.text.length > 0, state).toBe(true);
    }
  });

  it("a deleted integration says remove and activate a new one, never Reauthorize (which cannot work)", () => {
    const v = describeStoreState({ state: "revoked", failureReason: "consumer_missing" });
    expect(v.key).toBe("integration_deleted");
    expect(v.action.kind).toBe("remove_and_activate_new");
    expect(`${v.title} ${v.action.kind === "none" ? "" : v.action.text}`).not.toMatch(/click Reauthorize/i);
    expect(describeStoreState({ state: "failed", failureReason: "consumer_missing" }).key).toBe("integration_deleted");
  });

  it("a revoked token and a replaced token both say Reauthorize; a failed handshake gives its own advice", () => {
    expect(describeStoreState({ state: "revoked", failureReason: "token_revoked" }).action.kind).toBe("reauthorize");
    expect(describeStoreState({ state: "needs_reauthorization", failureReason: "token_missing" }).action.kind).toBe(
      "reauthorize",
    );
    const f = describeStoreState({ state: "failed", failureReason: "signature_invalid" });
    expect(f.title).toBe(STORE_ADVICE.signature_invalid.title);
    expect(f.action.kind !== "none" && f.action.text).toBe(STORE_ADVICE.signature_invalid.fix);
  });

  it("a refused token maps to the state it leaves behind, in the same words", () => {
    expect(describeStoreState(stateOfRevocation("consumer_missing")!).key).toBe("integration_deleted");
    expect(describeStoreState(stateOfRevocation("token_missing")!).key).toBe("needs_reauthorization");
    expect(stateOfRevocation("not_found")).toBeNull();
    expect(new Set(allStateViews().map((v) => v.label)).size).toBe(allStateViews().length);
  });

  it("says how fresh the state is", () => {
    const now = new Date("2026-01-01T12:00:00Z");
    expect(checkedAgo(null, now)).toBe("not checked yet");
    expect(checkedAgo(new Date("2026-01-01T11:59:30Z"), now)).toBe("checked 30 s ago");
    expect(checkedAgo(new Date("2026-01-01T11:00:00Z"), now)).toBe("checked 60 min ago");
    expect(checkedAgo(new Date("2025-12-30T12:00:00Z"), now)).toBe("checked 2 days ago");
  });
});
