/**
 * A prepared statement is planned once per connection and named after its text (packages/storage/src/jobs/sql/pg-executor.ts), so
 * its text must not change with its values: a value written into the text would prepare a new statement on every
 * call, growing the server's and the process's caches without end.
 */
import { describe, expect, it } from "vitest";
import { pickNext, type PickOptions } from "../../src/jobs/sql/statements";
import type { Dialect } from "../../src/jobs/sql/statement";

const kinds = ["handshake.exchange", "sync.pass"];
const a: PickOptions = {
  kinds,
  startable: kinds,
  laneCap: 2,
  unprovenCap: 2,
  unprovenLaneCap: 1,
  now: new Date("2026-01-01T00:00:00Z"),
};
const b: PickOptions = {
  kinds,
  startable: kinds,
  laneCap: 5,
  unprovenCap: 9,
  unprovenLaneCap: 4,
  now: new Date("2026-06-30T12:34:56Z"),
};

describe.each<Dialect>(["postgresql", "sqlite"])("the fetch's statement on %s", (dialect) => {
  it("is prepared, and its text is the same whatever the caps and the time", () => {
    const first = pickNext(dialect, a);
    const second = pickNext(dialect, b);
    expect(first.prepared).toBe(true);
    expect(second.text).toBe(first.text);
    expect(second.values).not.toEqual(first.values);
    expect(first.text).not.toContain("2026");
  });

  it("has one text per list of kinds (a worker's kinds do not change while it runs)", () => {
    const other = pickNext(dialect, { ...a, kinds: [...kinds, "bulk.submit"], startable: [...kinds, "bulk.submit"] });
    expect(other.text).not.toBe(pickNext(dialect, a).text);
  });

  it("has a text of its own while background kinds are held back, and one only", () => {
    const holding = pickNext(dialect, { ...a, startable: ["handshake.exchange"] });
    expect(holding.text).not.toBe(pickNext(dialect, a).text);
    expect(pickNext(dialect, { ...b, startable: ["handshake.exchange"] }).text).toBe(holding.text);
  });
});
