#!/usr/bin/env node
// Prepares a checkout to run: Prisma client generated, SQLite database migrated. Idempotent and offline
// (Prisma's Wasm schema engine through the libSQL adapter: nothing is downloaded). `npm run dev` and
// `npm test` both call it; run it alone with `npm run setup`.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, statSync } from "node:fs";
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
    const file = databaseUrl.slice("file:".length);
    const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : ".";
    mkdirSync(dir, { recursive: true });
    execFileSync(prisma, ["migrate", "deploy"], { env, stdio });
  } else {
    // PostgreSQL: the Prisma CLI cannot migrate it offline (prisma/orm#27403); see README "PostgreSQL".
    console.warn("DATABASE_URL is not SQLite: apply migrations with your PostgreSQL runner (README, PostgreSQL).");
  }
}

if (import.meta.url === `file://${process.argv[1]}`) setup();
