/**
 * Foreground before background in one worker (packages/storage/src/jobs/foreground.ts), on a clock the test moves: background work
 * waits while foreground jobs run, for a bounded time, so a flood of callbacks (anyone can post them) cannot hold a
 * worker's sync back for good.
 */
import { describe, expect, it } from "vitest";
import { createForegroundHold, FOREGROUND_LINGER_MS, FOREGROUND_MAX_HOLD_MS } from "@magento-integration/storage/jobs";

function setUp() {
  let ms = 0;
  const hold = createForegroundHold(() => ms);
  return { hold, advance: (by: number) => (ms += by) };
}

describe("the foreground hold", () => {
  it("holds nothing back while no foreground job has run", () => {
    const { hold, advance } = setUp();
    expect(hold.holding()).toBe(false);
    advance(60_000);
    expect(hold.holding()).toBe(false);
  });

  it("holds background work while a foreground job runs, and briefly after it, for the next job of its chain", () => {
    const { hold, advance } = setUp();
    hold.started();
    advance(10_000); // a slow token call: longer than the linger
    expect(hold.holding()).toBe(true);
    hold.ended();
    advance(FOREGROUND_LINGER_MS - 1);
    expect(hold.holding()).toBe(true);
    advance(2);
    expect(hold.holding()).toBe(false);
  });

  it("holds through a chain of foreground jobs that follow one another", () => {
    const { hold, advance } = setUp();
    for (let i = 0; i < 100; i++) {
      hold.started();
      advance(60);
      expect(hold.holding()).toBe(true);
      hold.ended();
      advance(5); // the gap until the next job is leased
      expect(hold.holding()).toBe(true);
    }
  });

  it("a flood that never stops holds background work back once, for at most the bound", () => {
    const { hold, advance } = setUp();
    let heldFor = 0;
    for (let t = 0; t < 5 * FOREGROUND_MAX_HOLD_MS; t += 100) {
      hold.started();
      advance(50);
      hold.ended();
      advance(50);
      if (hold.holding()) heldFor = t + 100;
    }
    expect(heldFor).toBeGreaterThan(0);
    expect(heldFor).toBeLessThanOrEqual(FOREGROUND_MAX_HOLD_MS);
  });

  it("a flood that stops and starts again holds background work back for at most half of the time", () => {
    const { hold, advance } = setUp();
    let held = 0;
    let total = 0;
    // bursts of every length, each after a pause of every length: the attacker's best pattern is among them
    for (const burst of [
      1_000,
      10_000,
      FOREGROUND_MAX_HOLD_MS - FOREGROUND_LINGER_MS,
      FOREGROUND_MAX_HOLD_MS,
      2 * FOREGROUND_MAX_HOLD_MS,
    ])
      for (const pause of [
        1_000,
        FOREGROUND_MAX_HOLD_MS / 2,
        FOREGROUND_MAX_HOLD_MS,
        FOREGROUND_MAX_HOLD_MS + FOREGROUND_LINGER_MS,
      ])
        for (let round = 0; round < 5; round++) {
          for (let t = 0; t < burst; t += 100) {
            hold.started();
            advance(100);
            if (hold.holding()) held += 100;
            total += 100;
            hold.ended();
          }
          for (let t = 0; t < pause; t += 100) {
            advance(100);
            if (hold.holding()) held += 100;
            total += 100;
          }
        }
    expect(held / total).toBeLessThanOrEqual(0.5);
  });

  it("holds again after a quiet spell as long as the bound", () => {
    const { hold, advance } = setUp();
    hold.started();
    advance(FOREGROUND_MAX_HOLD_MS + 1);
    expect(hold.holding()).toBe(false); // a foreground job running past the bound holds nothing any more
    hold.ended();
    advance(FOREGROUND_MAX_HOLD_MS + FOREGROUND_LINGER_MS);
    hold.started();
    expect(hold.holding()).toBe(true);
  });
});
