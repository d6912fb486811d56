#!/usr/bin/env node
// Prepares a checkout to run: Prisma client generated, SQLite database migrated. Idempotent and offline
// (Prisma's Wasm schema engine through the libSQL adapter: nothing is downloaded). `npm run dev` and
// `npm test` both call it; run it alone with `npm run setup`.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";

export function setup({ databaseUrl = process.env.DATABASE_URL ?? "file:./data/dev.db", quiet = false } = {}) {
  const env = { ...process.env, DATABASE_URL: databaseUrl, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" };
  const prisma = join(process.cwd(), "node_modules", ".bin", "prisma");
  if (!existsSync(prisma)) {
    console.error("Dependencies are missing. Run: npm install");
    process.exit(1);
  }
  const stdio = quiet ? ["ignore", "ignore", "inherit"] : "inherit";
  const client = join("lib", "generated", "prisma", "client.ts");
  if (!existsSync(client) || statSync(client).mtimeMs < statSync(join("prisma", "schema.prisma")).mtimeMs) {
    execFileSync(prisma, ["generate"], { env, stdio });
  }
  if (databaseUrl.startsWith("file:")) {
    // The database holds password hashes and sealed secrets: created private (files 0600, its folder 0700).
    const previous = process.umask(0o077);
    try {
      sqliteDir(databaseUrl, { create: true });
      execFileSync(prisma, ["migrate", "deploy"], { env, stdio });
    } finally {
      process.umask(previous);
    }
    secureSqliteFile(databaseUrl);
  } else {
    // PostgreSQL: the Prisma CLI cannot migrate it offline (prisma/orm#27403); see README "PostgreSQL".
    console.warn("DATABASE_URL is not SQLite: apply migrations with your PostgreSQL runner (README, PostgreSQL).");
  }
}

function sqlitePath(databaseUrl) {
  return databaseUrl.slice("file:".length).split("?")[0];
}

/** The folder of a SQLite `file:` URL; `create` makes it (0700) when missing. */
function sqliteDir(databaseUrl, { create = false } = {}) {
  const file = sqlitePath(databaseUrl);
  const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) || "/" : ".";
  if (create && !existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/**
 * Makes an existing SQLite database private: the file and its journal/WAL companions 0600, and its folder 0700
 * when the folder is the database's own (not the working directory or a shared one like /tmp).
 */
export function secureSqliteFile(databaseUrl) {
  const file = sqlitePath(databaseUrl);
  for (const f of [file, `${file}-journal`, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
  const dir = sqliteDir(databaseUrl);
  const shared = [".", "/", "/tmp", "/var/tmp", process.cwd()].includes(dir) || dir === process.env.HOME;
  if (!shared && existsSync(dir)) chmodSync(dir, 0o700);
}

if (import.meta.url === `file://${process.argv[1]}`) setup();
