import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { LibsqlError, type Client } from "@libsql/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSqliteClient } from "@magento-integration/storage";

/** The kit's SQLite client (packages/storage/src/sqlite-client.ts): @libsql/client's behaviour, each statement prepared once. */
describe("SQLite client with a statement cache", () => {
  let dir: string;
  let client: Client;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "sqlite-client-"));
    client = createSqliteClient({ url: `file:${join(dir, "t.db")}` });
    await client.executeMultiple(
      "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, n INTEGER, at INTEGER, b BLOB, x REAL);",
    );
  });

  afterEach(() => {
    client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("round-trips values as @libsql/client does, rows read by column index", async () => {
    const ins = await client.execute({
      sql: "INSERT INTO t (name, n, at, b, x) VALUES (?, ?, ?, ?, ?)",
      args: ["a", true, new Date(1_700_000_000_000), new Uint8Array([1, 2, 3]).buffer, 1.5],
    });
    expect(ins.rowsAffected).toBe(1);
    expect(ins.lastInsertRowid).toBe(1n);
    const rs = await client.execute({
      sql: "SELECT id, name, n, at, b, x FROM t WHERE name = :name",
      args: { name: "a" },
    });
    expect(rs.columns).toEqual(["id", "name", "n", "at", "b", "x"]);
    expect(rs.columnTypes).toEqual(["INTEGER", "TEXT", "INTEGER", "INTEGER", "BLOB", "REAL"]);
    const row = rs.rows[0]!;
    expect(row.length).toBe(6);
    expect([row[0], row[1], row[2], row[3], row[5]]).toEqual([1, "a", 1, 1_700_000_000_000, 1.5]);
    expect([...new Uint8Array(row[4] as ArrayBuffer)]).toEqual([1, 2, 3]);
  });

  it("refuses what @libsql/client refuses: undefined, non-finite numbers, integers past 2^53 in number mode", async () => {
    await expect(client.execute({ sql: "SELECT ?", args: [undefined as never] })).rejects.toThrow(TypeError);
    await expect(client.execute({ sql: "SELECT ?", args: [Infinity] })).rejects.toThrow(RangeError);
    await expect(client.execute("SELECT 9007199254740993")).rejects.toThrow(RangeError);
    const big = createSqliteClient({ url: `file:${join(dir, "t.db")}`, intMode: "bigint" });
    try {
      expect((await big.execute("SELECT 9007199254740993 AS v")).rows[0]![0]).toBe(9007199254740993n);
    } finally {
      big.close();
    }
  });

  it("prepares a statement once however often it runs, and answers each run afresh", async () => {
    const prepare = vi.spyOn(Database.prototype, "prepare");
    try {
      for (let i = 0; i < 50; i++)
        await client.execute({ sql: "INSERT INTO t (name, n) VALUES (?, ?)", args: [`r${i}`, i] });
      const counts: number[] = [];
      for (let i = 0; i < 5; i++) {
        await client.execute({ sql: "DELETE FROM t WHERE n = ?", args: [i] });
        counts.push(Number((await client.execute("SELECT count(*) FROM t")).rows[0]![0]));
      }
      expect(counts).toEqual([49, 48, 47, 46, 45]);
      expect(prepare.mock.calls.map((c) => c[0]).sort()).toEqual([
        "DELETE FROM t WHERE n = ?",
        "INSERT INTO t (name, n) VALUES (?, ?)",
        "SELECT count(*) FROM t",
      ]);
    } finally {
      prepare.mockRestore();
    }
  });

  it("sees a schema change made by a script: a cached statement is prepared again", async () => {
    await client.execute({ sql: "INSERT INTO t (name) VALUES (?)", args: ["a"] });
    expect((await client.execute("SELECT * FROM t")).columns).toHaveLength(6);
    await client.executeMultiple("ALTER TABLE t ADD COLUMN extra TEXT DEFAULT 'e';");
    const rs = await client.execute("SELECT * FROM t");
    expect(rs.columns).toContain("extra");
    expect(rs.rows[0]![rs.columns.indexOf("extra")]).toBe("e");
  });

  it("fails with SQLite's codes as LibsqlError, and the statement runs again afterwards", async () => {
    const insert = { sql: "INSERT INTO t (name) VALUES (?)", args: ["dup"] };
    await client.execute(insert);
    const err = await client.execute(insert).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LibsqlError);
    expect((err as LibsqlError).code).toBe("SQLITE_CONSTRAINT_UNIQUE");
    await expect(client.execute("SELECT nope FROM t")).rejects.toBeInstanceOf(LibsqlError);
    await client.execute({ sql: insert.sql, args: ["other"] });
    expect((await client.execute("SELECT count(*) FROM t")).rows[0]![0]).toBe(2);
  });

  it("a batch is all or nothing", async () => {
    await expect(
      client.batch(
        [
          { sql: "INSERT INTO t (name) VALUES (?)", args: ["x"] },
          { sql: "INSERT INTO t (name) VALUES (?)", args: ["x"] },
        ],
        "write",
      ),
    ).rejects.toBeInstanceOf(LibsqlError);
    expect((await client.execute("SELECT count(*) FROM t")).rows[0]![0]).toBe(0);
    await client.batch([{ sql: "INSERT INTO t (name) VALUES (?)", args: ["y"] }], "write");
    expect((await client.execute("SELECT count(*) FROM t")).rows[0]![0]).toBe(1);
  });

  it("a closed client says so", async () => {
    client.close();
    await expect(client.execute("SELECT 1")).rejects.toMatchObject({ code: "CLIENT_CLOSED" });
    client = createSqliteClient({ url: `file:${join(dir, "t.db")}` }); // for afterEach
  });
});
