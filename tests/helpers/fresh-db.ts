/** A fresh migrated database per test (beforeEach/afterEach): the kit's storage, and Prisma for direct checks. */
import { afterEach, beforeEach } from "vitest";
import type { DatabaseProvider, PortablePrisma, Storage } from "@magento-integration/storage";
import { freshDatabase, type TestDatabase } from "./databases";

export function useFreshDatabase(provider: DatabaseProvider = "sqlite"): {
  readonly storage: Storage;
  readonly prisma: PortablePrisma;
} {
  let current: TestDatabase | undefined;
  beforeEach(async () => {
    current = await freshDatabase(provider);
  });
  afterEach(async () => {
    await current?.dispose();
    current = undefined;
  });
  const now = () => {
    if (!current) throw new Error("the database exists only inside a test");
    return current;
  };
  return {
    get storage() {
      return now().storage;
    },
    get prisma() {
      return now().database.prisma;
    },
  };
}
