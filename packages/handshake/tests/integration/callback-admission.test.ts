import { describe, expect, it } from "vitest";
import { CallbackAdmission, DEFAULT_ADMISSION } from "@magento-integration/handshake";

const limits = {
  ...DEFAULT_ADMISSION,
  inFlight: 3,
  unprovenBurst: 5,
  unprovenPerSecond: 1,
  reserveBurst: 3,
  reservePerSecond: 0.1,
  reservePerHost: 2,
  hostQuietMs: 60_000,
};
/** Buckets that refill too slowly to matter within a test's minutes. */
const slowRefill = { ...limits, unprovenPerSecond: 0.001, reservePerSecond: 0.001 };

describe("callback admission", () => {
  it("holds at most `inFlight` callbacks at once; a released slot is free again, and releasing twice frees one", () => {
    const a = new CallbackAdmission(limits);
    const slots = [a.enter(), a.enter(), a.enter()];
    expect(slots.every((s) => s !== null)).toBe(true);
    expect(a.enter()).toBeNull();
    slots[0]!();
    slots[0]!();
    expect(a.inFlight).toBe(2);
    expect(a.enter()).not.toBeNull();
    expect(a.enter()).toBeNull();
  });

  it("never-proven keys share one bucket for the process, refilled over time, whatever their host", () => {
    const a = new CallbackAdmission(limits);
    const t = 1_000_000;
    const taken = Array.from({ length: 8 }, (_, i) => a.takeUnproven(`flood-${i % 2}.test`, t).ok);
    // 5 from the bucket; the two flood hosts were admitted just now, so the reserve is not theirs
    expect(taken.filter(Boolean)).toHaveLength(5);
    const refused = a.takeUnproven("flood-0.test", t);
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(a.takeUnproven("flood-0.test", t + 2_000).ok).toBe(true); // two tokens back after 2 s
  });

  it("when the bucket is empty, a host admitted fewer than `reservePerHost` in the last minute still gets in from the reserve, which is bounded too", () => {
    const a = new CallbackAdmission(limits);
    const t = 5_000_000;
    for (let i = 0; i < 5; i++) a.takeUnproven("flood.test", t);
    expect(a.takeUnproven("flood.test", t).ok).toBe(false); // the flooding host has had its share
    expect(a.takeUnproven("shop-a.test", t).ok).toBe(true);
    expect(a.takeUnproven("shop-a.test", t).ok).toBe(true);
    expect(a.takeUnproven("shop-a.test", t).ok).toBe(false); // two admitted this minute: its share is spent
    expect(a.takeUnproven("shop-b.test", t).ok).toBe(true);
    expect(a.takeUnproven("shop-c.test", t).ok).toBe(false); // the reserve (3) is spent as well
  });

  it("a store that activated one integration a moment ago still activates another once a flood from another host has emptied the bucket", () => {
    const a = new CallbackAdmission(slowRefill);
    const t = 7_000_000;
    expect(a.takeUnproven("shop.test", t).ok).toBe(true); // its first integration, from the bucket
    for (let i = 0; i < 4; i++) a.takeUnproven("flood.test", t + 1_000);
    expect(a.takeUnproven("flood.test", t + 1_000).ok).toBe(false);
    expect(a.takeUnproven("shop.test", t + 2_000).ok).toBe(true); // its second, from the reserve
  });

  it("a host's share of the reserve comes back once its window is over", () => {
    const a = new CallbackAdmission(slowRefill);
    const t = 9_000_000;
    for (let i = 0; i < 5; i++) a.takeUnproven("flood.test", t);
    expect(a.takeUnproven("flood.test", t + 30_000).ok).toBe(false);
    expect(a.takeUnproven("flood.test", t + 61_000).ok).toBe(true);
  });
});
