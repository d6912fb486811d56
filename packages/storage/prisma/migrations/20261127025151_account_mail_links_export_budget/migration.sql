-- AlterTable
ALTER TABLE "LinkRequest" ADD COLUMN "verifiedAt" DATETIME;

-- CreateTable
CREATE TABLE "MailedLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "purpose" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "installationId" TEXT,
    "activationId" TEXT,
    "email" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    CONSTRAINT "MailedLink_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Export" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "installationId" TEXT NOT NULL,
    "requestedBy" TEXT,
    "entity" TEXT NOT NULL,
    "options" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER,
    "rows" INTEGER NOT NULL DEFAULT 0,
    "nextPage" INTEGER NOT NULL DEFAULT 1,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME,
    "storedBytes" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "Export_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Export" ("createdAt", "entity", "error", "finishedAt", "id", "installationId", "nextPage", "options", "requestedBy", "rows", "state", "total", "updatedAt") SELECT "createdAt", "entity", "error", "finishedAt", "id", "installationId", "nextPage", "options", "requestedBy", "rows", "state", "total", "updatedAt" FROM "Export";
DROP TABLE "Export";
ALTER TABLE "new_Export" RENAME TO "Export";
CREATE INDEX "Export_installationId_createdAt_idx" ON "Export"("installationId", "createdAt");
CREATE INDEX "Export_requestedBy_idx" ON "Export"("requestedBy");
CREATE TABLE "new_ExportChunk" (
    "exportId" TEXT NOT NULL,
    "page" INTEGER NOT NULL,
    "rows" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("exportId", "page"),
    CONSTRAINT "ExportChunk_exportId_fkey" FOREIGN KEY ("exportId") REFERENCES "Export" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- Backfill: the UTF-8 bytes of the pages already stored count toward the export budgets.
INSERT INTO "new_ExportChunk" ("body", "exportId", "page", "rows", "bytes") SELECT "body", "exportId", "page", "rows", LENGTH(CAST("body" AS BLOB)) FROM "ExportChunk";
DROP TABLE "ExportChunk";
ALTER TABLE "new_ExportChunk" RENAME TO "ExportChunk";
UPDATE "Export" SET "storedBytes" = (SELECT COALESCE(SUM("bytes"), 0) FROM "ExportChunk" WHERE "ExportChunk"."exportId" = "Export"."id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "MailedLink_userId_purpose_idx" ON "MailedLink"("userId", "purpose");

-- CreateIndex
CREATE INDEX "MailedLink_expiresAt_idx" ON "MailedLink"("expiresAt");
