-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_EventSource" (
    "installationId" TEXT NOT NULL PRIMARY KEY,
    "commercePublicKey" TEXT,
    "commerceKeyFingerprint" TEXT,
    "commerceKeySetAt" DATETIME,
    "ioClientId" TEXT,
    "storedBytes" BIGINT NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "EventSource_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_EventSource" ("commerceKeyFingerprint", "commerceKeySetAt", "commercePublicKey", "installationId", "ioClientId", "updatedAt") SELECT "commerceKeyFingerprint", "commerceKeySetAt", "commercePublicKey", "installationId", "ioClientId", "updatedAt" FROM "EventSource";
DROP TABLE "EventSource";
ALTER TABLE "new_EventSource" RENAME TO "EventSource";
CREATE TABLE "new_EventDelivery" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "installationId" TEXT,
    "channel" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "detail" TEXT,
    "eventName" TEXT,
    "dedupeKey" TEXT,
    "foldKey" TEXT,
    "bodyEnc" TEXT,
    "count" INTEGER NOT NULL DEFAULT 1,
    "jobId" TEXT,
    "storedBytes" INTEGER NOT NULL DEFAULT 0,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EventDelivery_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_EventDelivery" ("bodyEnc", "channel", "count", "dedupeKey", "detail", "eventName", "foldKey", "id", "installationId", "jobId", "lastAt", "outcome", "receivedAt") SELECT "bodyEnc", "channel", "count", "dedupeKey", "detail", "eventName", "foldKey", "id", "installationId", "jobId", "lastAt", "outcome", "receivedAt" FROM "EventDelivery";
DROP TABLE "EventDelivery";
ALTER TABLE "new_EventDelivery" RENAME TO "EventDelivery";
CREATE UNIQUE INDEX "EventDelivery_foldKey_key" ON "EventDelivery"("foldKey");
CREATE INDEX "EventDelivery_installationId_receivedAt_idx" ON "EventDelivery"("installationId", "receivedAt");
CREATE UNIQUE INDEX "EventDelivery_installationId_channel_dedupeKey_key" ON "EventDelivery"("installationId", "channel", "dedupeKey");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Count the deliveries already kept (their sealed body and the row: DELIVERY_ROW_BYTES, lib/storage/store-events.ts)
UPDATE "EventDelivery" SET "storedBytes" = length("bodyEnc") + 512 WHERE "bodyEnc" IS NOT NULL;
UPDATE "EventSource" SET "storedBytes" = (
    SELECT COALESCE(SUM("storedBytes"), 0) FROM "EventDelivery" WHERE "EventDelivery"."installationId" = "EventSource"."installationId"
);
