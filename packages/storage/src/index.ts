/**
 * @magento-integration/storage: the kit's database on SQLite or PostgreSQL (one Prisma model, a generated client
 * for each), the storage interfaces the rest of the kit reads and writes through, and SecretBox, which seals every
 * secret column. The job engine is `./jobs`, operations (metrics, readiness, traces) `./ops`, the generated Prisma
 * types `./prisma`.
 */
export * from "./db.ts";
export * from "./db-reachable.ts";
export * from "./secret-box.ts";
export * from "./sqlite-client.ts";
export * from "./sqlite-reader.ts";
export * from "./storage/storage.ts";
export * from "./storage/types.ts";
export * from "./storage/installation-states.ts";
export * from "./storage/store-events.ts";
export * from "./storage/sync-repo.ts";
export * from "./storage/bulk-types.ts";
export * from "./storage/prisma/index.ts";
