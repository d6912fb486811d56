import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:1/unused";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new PrismaPg({ connectionString: process.env.DATABASE_URL! }),
  schema: "schema.prisma",
  migrations: { path: "migrations" },
});
