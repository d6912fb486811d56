/**
 * How the sync writes a page of 300 mirror rows (docs/sync.md, "Speed and memory"), on a fresh SQLite database in
 * WAL mode: as one JSON parameter the database expands (what packages/storage/src/storage/prisma/json-rows.ts does), as multi-row
 * VALUES lists of bound parameters chunked under SQLite's 999, and through Prisma's `createMany`; and reading 300
 * mirror states by identity the same three ways. Prints milliseconds per page (mean of BENCH_WRITES_ROUNDS).
 * No assertions.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, useWriteAheadLog } from "@magento-integration/storage";
import { Prisma } from "@magento-integration/storage/prisma";

const ROUNDS = Number(process.env.BENCH_WRITES_ROUNDS ?? 10);
const PAGE = 300;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "sync-writes-bench-"));
  const url = `file:${join(dir, "bench.db")}`;
  execFileSync(join(process.cwd(), "node_modules", ".bin", "prisma"), ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: "ignore",
  });
  await useWriteAheadLog(url);
  const db = openDatabase(url);
  const p = db.prisma;
  const at = new Date();
  const data = JSON.stringify({ id: 1, sku: "SKU-000001", name: "Product number one", price: 12.5, status: 1 });
  let n = 0;
  const page = () =>
    Array.from({ length: PAGE }, () => {
      n++;
      return {
        identity: String(n),
        sortKey: String(n).padStart(20, "0"),
        version: "2026-01-01 00:00:00",
        sequence: 1,
        fingerprint: "x".repeat(43),
        data,
      };
    });
  const recent = () => Array.from({ length: PAGE }, (_, i) => String(n - i));
  const ways: Array<[string, () => Promise<unknown>]> = [
    [
      "write, one JSON parameter",
      () =>
        p.$transaction(async (tx) => {
          await tx.$executeRaw`INSERT INTO "SyncRecord" ("installationId", "entity", "identity", "sortKey", "version",
            "sequence", "fingerprint", "data", "deleted", "seenAt")
            SELECT ${"i"}, ${"e"}, json_extract("value", '$.identity'), json_extract("value", '$.sortKey'),
              json_extract("value", '$.version'), json_extract("value", '$.sequence'),
              json_extract("value", '$.fingerprint'), json_extract("value", '$.data'), 0, ${at}
            FROM json_each(${JSON.stringify(page())})`;
        }),
    ],
    [
      "write, multi-row VALUES (99 rows a statement)",
      () =>
        p.$transaction(async (tx) => {
          const rows = page();
          for (let i = 0; i < rows.length; i += 99) {
            await tx.$executeRaw`INSERT INTO "SyncRecord" ("installationId", "entity", "identity", "sortKey", "version",
              "sequence", "fingerprint", "data", "deleted", "seenAt")
              VALUES ${Prisma.join(
                rows
                  .slice(i, i + 99)
                  .map(
                    (c) =>
                      Prisma.sql`(${"i"}, ${"e"}, ${c.identity}, ${c.sortKey}, ${c.version}, ${c.sequence}, ${c.fingerprint}, ${c.data}, ${false}, ${at})`,
                  ),
              )}`;
          }
        }),
    ],
    [
      "write, createMany",
      () =>
        p.$transaction((tx) =>
          tx.syncRecord.createMany({
            data: page().map((c) => ({ installationId: "i", entity: "e", ...c, deleted: false, seenAt: at })),
          }),
        ),
    ],
    [
      "read states, one JSON parameter",
      () =>
        p.$queryRaw`SELECT "identity", "version", "fingerprint", "sequence", "deleted" FROM "SyncRecord"
          WHERE "installationId" = ${"i"} AND "entity" = ${"e"}
            AND "identity" IN (SELECT "value" FROM json_each(${JSON.stringify(recent())}))`,
    ],
    [
      "read states, IN list of bound parameters",
      () =>
        p.$queryRaw`SELECT "identity", "version", "fingerprint", "sequence", "deleted" FROM "SyncRecord"
          WHERE "installationId" = ${"i"} AND "entity" = ${"e"} AND "identity" IN (${Prisma.join(recent())})`,
    ],
    [
      "read states, findMany",
      () =>
        p.syncRecord.findMany({
          where: { installationId: "i", entity: "e", identity: { in: recent() } },
          select: { identity: true, version: true, fingerprint: true, sequence: true, deleted: true },
        }),
    ],
  ];
  try {
    for (const [name, run] of ways) {
      await run(); // warm
      const t = performance.now();
      for (let i = 0; i < ROUNDS; i++) await run();
      console.log(`${name}: ${((performance.now() - t) / ROUNDS).toFixed(1)} ms per ${PAGE} rows`);
    }
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
