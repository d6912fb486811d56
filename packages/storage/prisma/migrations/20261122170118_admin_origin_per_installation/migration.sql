-- AlterTable
ALTER TABLE "Installation" ADD COLUMN "adminOrigin" TEXT;

-- AlterTable
ALTER TABLE "Activation" ADD COLUMN "answeredMs" INTEGER;

-- Keep any admin origin set on a store: it now belongs to each of the store's installations.
UPDATE "Installation" SET "adminOrigin" = (SELECT "adminOrigin" FROM "Store" WHERE "Store"."id" = "Installation"."storeId");

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Store" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "baseUrl" TEXT NOT NULL,
    "signatureMethod" TEXT NOT NULL DEFAULT 'HMAC-SHA256',
    "signatureMode" TEXT NOT NULL DEFAULT 'standard',
    "name" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Store" ("baseUrl", "createdAt", "id", "name", "signatureMethod", "signatureMode", "updatedAt") SELECT "baseUrl", "createdAt", "id", "name", "signatureMethod", "signatureMode", "updatedAt" FROM "Store";
DROP TABLE "Store";
ALTER TABLE "new_Store" RENAME TO "Store";
CREATE UNIQUE INDEX "Store_baseUrl_key" ON "Store"("baseUrl");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
