/**
 * SQLite keeps one connection per process, however many transactions run: libSQL's own `transaction()` opened a
 * new connection after each one and left the old one open until garbage collection, so a flood of activation
 * callbacks (each a few transactions) held thousands of descriptors and gigabytes of page caches. Counted in
 * /proc/self/fd: the descriptors that point at the database's files.
 */
import { readdirSync, readlinkSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freshDatabase, type TestDatabase } from "../../../tests/helpers/databases";

function descriptorsOn(path: string): number {
  let n = 0;
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith(path)) n++;
    } catch {
      /* closed meanwhile */
    }
  }
  return n;
}

describe.runIf(process.platform === "linux")("SQLite: one connection for the process", () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await freshDatabase("sqlite");
  });
  afterEach(async () => {
    await t.dispose();
  });

  it("300 transactions, 50 at a time, leave the descriptors on the database file where one connection has them", async () => {
    const file = t.url.slice("file:".length);
    await t.database.prisma.user.count(); // the connection is open
    const before = descriptorsOn(file);
    for (let round = 0; round < 6; round++) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t.database.prisma.$transaction(async (tx) => {
            await tx.user.create({ data: { email: `u${round}-${i}@example.test`, passwordHash: "x" } });
            return tx.user.count();
          }),
        ),
      );
    }
    expect(await t.database.prisma.user.count()).toBe(300);
    expect(descriptorsOn(file)).toBeLessThanOrEqual(before);
  });

  it("a transaction that throws rolls back and the connection goes on working", async () => {
    await expect(
      t.database.prisma.$transaction(async (tx) => {
        await tx.user.create({ data: { email: "gone@example.test", passwordHash: "x" } });
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    expect(await t.database.prisma.user.count()).toBe(0);
    await t.database.prisma.$transaction(async (tx) =>
      tx.user.create({ data: { email: "kept@example.test", passwordHash: "x" } }),
    );
    expect(await t.database.prisma.user.count()).toBe(1);
  });
});
