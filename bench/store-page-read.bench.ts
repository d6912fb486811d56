/**
 * The one database read under every store page (SessionRepo.byIdWithStorePage: session, user, the store and its
 * pending link requests), on a fresh SQLite database in WAL mode: as the kit runs it (one SQL statement,
 * packages/storage/src/storage/prisma/store-page-read.ts, on the read connection of packages/storage/src/sqlite-reader.ts), the same statement
 * through Prisma's `$queryRaw` on the kit's connection (what it ran before that), and as a Prisma nested `include`
 * (one statement per relation, what the kit ran first); and an installation with its store for a user
 * (installations.forUser, asked by the verbs a page calls) joined in one statement against Prisma's `include`; and
 * the remove page's own read (what removing the store would delete: the page floor of bench/dashboard.bench.ts
 * reads it on top), on the read connection and through `$queryRaw`. Interleaved, after warm-ups;
 * prints the median and p90 in milliseconds and the ratios.
 * BENCH_PAGE_READ_ROUNDS sets the rounds. No assertions.
 */
import { loadavg } from "node:os";
import { openDatabase, createPrismaStorage } from "@magento-integration/storage";
import { benchDatabase, pct } from "./lib/app-server";

const ROUNDS = Number(process.env.BENCH_PAGE_READ_ROUNDS ?? 2000);
const WARMUPS = 200;
const HOUR = 3_600_000;

async function main() {
  const file = await benchDatabase("sqlite"); // migrated, in WAL mode
  const db = openDatabase(file.url);
  const storage = createPrismaStorage(db);
  const throughPrisma = createPrismaStorage({ ...db, readRows: (q) => db.prisma.$queryRaw(q) }); // no read connection
  try {
    const now = new Date();
    const store = await storage.stores.ensure("https://bench-store.test/");
    const inst = await storage.installations.create({
      consumerKey: "k".repeat(32),
      storeId: store.id,
      consumerSecretEnc: "enc",
      state: "active",
      mode: "oauth",
    });
    const owner = await storage.users.create("owner@example.test", "hash");
    await storage.links.link(inst.id, owner.id);
    for (let i = 0; i < 2; i++) {
      const asker = await storage.users.create(`asker${i}@example.test`, "hash");
      await storage.links.fileRequest(inst.id, asker.id, "act", new Date(now.getTime() - i * 60_000));
    }
    await storage.sessions.create({
      id: "s".repeat(43),
      userId: owner.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + HOUR),
    });
    const since = new Date(now.getTime() - 7 * 24 * HOUR);
    const oneStatement = () => storage.sessions.byIdWithStorePage("s".repeat(43), inst.id, since);
    const nestedInclude = () =>
      db.prisma.session.findUnique({
        where: { id: "s".repeat(43) },
        include: {
          user: {
            select: {
              email: true,
              installations: {
                where: { installationId: inst.id },
                select: {
                  installation: {
                    include: {
                      store: true,
                      linkRequests: {
                        where: { state: "pending", verifiedAt: { not: null }, createdAt: { gt: since } },
                        include: { user: { select: { email: true } } },
                        orderBy: { createdAt: "asc" },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      });
    const ways: Array<[string, () => Promise<unknown>, number[]]> = [
      ["one SQL statement on the read connection (the kit)", oneStatement, []],
      ["Prisma nested include (before)", nestedInclude, []],
      ["installation + store for a user, joined (the kit)", () => storage.installations.forUser(inst.id, owner.id), []],
      [
        "installation + store for a user, Prisma include (before)",
        () =>
          db.prisma.installation.findFirst({
            where: { id: inst.id, users: { some: { userId: owner.id } } },
            include: { store: true },
          }),
        [],
      ],
      // what the page floor of bench/dashboard.bench.ts (the remove page) reads on top of the store page's read
      [
        "the remove page's own read (removalFootprint)",
        () => storage.installations.removalFootprint(inst.id, owner.id),
        [],
      ],
      [
        "one SQL statement through Prisma's $queryRaw (before)",
        () => throughPrisma.sessions.byIdWithStorePage("s".repeat(43), inst.id, since),
        [],
      ],
      [
        "the remove page's own read through Prisma's $queryRaw (before)",
        () => throughPrisma.installations.removalFootprint(inst.id, owner.id),
        [],
      ],
    ];
    for (let i = 0; i < WARMUPS; i++) for (const [, run] of ways) await run();
    for (let i = 0; i < ROUNDS; i++)
      for (const [, run, times] of ways) {
        const t = performance.now();
        await run();
        times.push(performance.now() - t);
      }
    console.log(
      `store page reads, SQLite WAL, ${ROUNDS} rounds interleaved, load ${loadavg()[0]!.toFixed(1)}` +
        "; the page's read: session, user, store, 2 pending link requests:",
    );
    for (const [label, , times] of ways)
      console.log(
        `  ${label.padEnd(64)} median ${pct(times, 0.5).toFixed(3)} ms  p90 ${pct(times, 0.9).toFixed(3)} ms`,
      );
    const ratio = (kit: number, before: number) => (pct(ways[before]![2], 0.5) / pct(ways[kit]![2], 0.5)).toFixed(1);
    console.log(
      `  before / the kit (median): page read ${ratio(0, 1)}× (include), ${ratio(0, 5)}× ($queryRaw); installation read ${ratio(2, 3)}×; remove page's read ${ratio(4, 6)}×`,
    );
  } finally {
    await db.close();
    await file.dispose();
  }
}

void main();
