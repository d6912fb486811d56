/** A fresh migrated SQLite database per test (beforeEach/afterEach), for tests that only need `db`. */
import { afterEach, beforeEach } from "vitest";
import { freshDatabase } from "./handshake-harness";
import { createPrismaClient, type Db } from "@/lib/db";

export function useFreshDatabase(): { readonly db: Db } {
  let db: Db | undefined;
  let dispose: (() => void) | undefined;
  beforeEach(() => {
    const d = freshDatabase();
    db = createPrismaClient(d.url);
    dispose = d.dispose;
  });
  afterEach(async () => {
    await db?.$disconnect();
    dispose?.();
  });
  return {
    get db() {
      if (!db) throw new Error("the database exists only inside a test");
      return db;
    },
  };
}
