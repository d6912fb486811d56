/**
 * Readiness (GET /api/health/ready; liveness is /api/health/live): may this instance take traffic now? Ready when
 * it is not shutting down, its database answers, every migration the code expects is applied, and a job worker
 * beat within the last 30 s when one is expected (docs/operations.md, "Health"). Each check is reported by name.
 */
import { readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "../db.ts";

export interface ReadinessChecks {
  shuttingDown: boolean;
  database: "ok" | "unreachable";
  migrations: "current" | "pending" | "unknown";
  worker: "alive" | "none" | "not expected";
}

export interface Readiness {
  ready: boolean;
  checks: ReadinessChecks;
  /** The migrations the code has that the database lacks (to name in the answer). */
  pending: string[];
}

export interface ReadinessDeps {
  db: Database;
  draining: () => boolean;
  /** Is a worker expected to be running (in this process or beside it)? */
  workerExpected: boolean;
  lastWorkerBeat: () => Promise<Date | null>;
  now: () => Date;
  /** Where the migration folders are (default: the first of KIT_PRISMA_DIRS that exists). */
  prismaDir?: string;
}

/** A worker beats every 5 s (packages/storage/src/jobs/worker.ts): six missed beats mean none is running. */
export const WORKER_BEAT_WITHIN_MS = 30_000;

/**
 * Where this package's Prisma folder (its schema and both databases' migrations) is, from the app's folder: in this
 * repository's checkout, and in an app that installs the package (and in its standalone build, which copies it there).
 */
export const KIT_PRISMA_DIRS = [
  join("packages", "storage", "prisma"),
  join("node_modules", "@magento-integration", "storage", "prisma"),
];

function kitPrismaDir(): string {
  return KIT_PRISMA_DIRS.find((dir) => existsSync(dir)) ?? KIT_PRISMA_DIRS[0]!;
}

/** The migrations the code brings, by provider (folder names, in order). */
function expectedMigrations(db: Database, prismaDir: string): string[] | null {
  const dir = db.provider === "sqlite" ? join(prismaDir, "migrations") : join(prismaDir, "postgresql", "migrations");
  if (!existsSync(dir)) return null;
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

async function appliedMigrations(db: Database): Promise<Set<string>> {
  // SQLite: Prisma's own table (prisma migrate deploy); PostgreSQL: the kit's runner's (scripts/lib/pg-migrations.mjs)
  const sql =
    db.provider === "sqlite"
      ? `SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`
      : `SELECT name FROM "_app_migrations"`;
  const rows = await db.prisma.$queryRawUnsafe<Array<{ name: string }>>(sql);
  return new Set(rows.map((r) => String(r.name)));
}

export function readinessCheck(d: ReadinessDeps): () => Promise<Readiness> {
  let migrationsCurrent = false; // once applied, migrations stay applied: not asked again
  return async () => {
    const checks: ReadinessChecks = {
      shuttingDown: d.draining(),
      database: "ok",
      migrations: "unknown",
      worker: d.workerExpected ? "none" : "not expected",
    };
    let pending: string[] = [];
    try {
      await d.db.prisma.$queryRawUnsafe("SELECT 1");
    } catch {
      checks.database = "unreachable";
    }
    if (checks.database === "ok") {
      if (migrationsCurrent) checks.migrations = "current";
      else {
        const expected = expectedMigrations(d.db, d.prismaDir ?? kitPrismaDir());
        // no table of applied migrations: none ran yet
        const applied = await appliedMigrations(d.db).catch(() => new Set<string>());
        if (expected) {
          pending = expected.filter((m) => !applied.has(m));
          checks.migrations = pending.length === 0 ? "current" : "pending";
          migrationsCurrent = pending.length === 0;
        }
      }
      if (d.workerExpected) {
        const beat = await d.lastWorkerBeat().catch(() => null);
        if (beat && d.now().getTime() - beat.getTime() <= WORKER_BEAT_WITHIN_MS) checks.worker = "alive";
      }
    }
    const ready =
      !checks.shuttingDown && checks.database === "ok" && checks.migrations === "current" && checks.worker !== "none";
    return { ready, checks, pending };
  };
}
