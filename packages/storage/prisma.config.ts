import { defineConfig } from "prisma/config";
import { PrismaLibSQL } from "@prisma/adapter-libsql";

// prisma.config.ts turns off .env loading, and the schema's env("DATABASE_URL") must resolve, or the
// Prisma 6 CLI falls back to downloading the Rust query engine (which this kit never does).
process.env.DATABASE_URL ??= "file:./data/dev.db";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js", // Wasm schema engine through the driver adapter: no engine download
  adapter: async () => new PrismaLibSQL({ url: process.env.DATABASE_URL! }),
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
