/** A revocation moves the installation's state and logs what happened (the store's refusal), never the state. */
import { describe, expect, it } from "vitest";
import { markRevocation } from "@magento-integration/handshake";
import { INSTALLATION_STATES, type RevocationEvent, type Storage } from "@magento-integration/storage";
import { STORE_ADVICE } from "@magento-integration/client";

function fakeStorage() {
  const logged: Array<{ kind: string; message: string }> = [];
  const moved: Array<{ state: string; failureReason: string | null }> = [];
  const storage = {
    installations: {
      transition: async (_id: string, _from: unknown, to: { state: string; failureReason: string | null }) => {
        moved.push(to);
        return true;
      },
    },
    events: { add: async (e: { kind: string; message: string }) => void logged.push(e) },
  } as unknown as Storage;
  return { storage, logged, moved };
}

describe("markRevocation", () => {
  it.each([
    ["token_missing", "needs_reauthorization"],
    ["token_revoked", "revoked"],
    ["consumer_missing", "revoked"],
  ] as const)("a %s refusal moves an active store to %s and logs the refusal", async (event, state) => {
    const { storage, logged, moved } = fakeStorage();
    const inst = { id: "i1", state: "active" as const, credentialsSeq: 1 };
    expect(await markRevocation(storage, inst, event as RevocationEvent, "store words", new Date(0))).toBe(state);
    expect(moved).toEqual([{ state, failureReason: event }]);
    expect(logged.map((e) => e.kind)).toEqual([event]);
    expect((INSTALLATION_STATES as readonly string[]).includes(logged[0]!.kind)).toBe(false);
    expect(logged[0]!.message).toBe(`${STORE_ADVICE[event].title}: ${STORE_ADVICE[event].fix}`);
  });
});
