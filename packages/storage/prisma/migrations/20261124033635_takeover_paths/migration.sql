-- AlterTable
ALTER TABLE "Store" ADD COLUMN "provenAt" DATETIME;

-- AlterTable
ALTER TABLE "Installation" ADD COLUMN "provenAt" DATETIME;

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "revokedAt" DATETIME,
    "lastSeenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LinkRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "installationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "activationId" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" DATETIME,
    "decidedByUserId" TEXT,
    CONSTRAINT "LinkRequest_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "LinkRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_InstallationEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "installationId" TEXT NOT NULL,
    "activationId" TEXT,
    "kind" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "storeMessage" TEXT,
    "count" INTEGER NOT NULL DEFAULT 1,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "InstallationEvent_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_InstallationEvent" ("activationId", "at", "id", "installationId", "kind", "message", "storeMessage") SELECT "activationId", "at", "id", "installationId", "kind", "message", "storeMessage" FROM "InstallationEvent";
DROP TABLE "InstallationEvent";
ALTER TABLE "new_InstallationEvent" RENAME TO "InstallationEvent";
CREATE INDEX "InstallationEvent_installationId_at_idx" ON "InstallationEvent"("installationId", "at");
CREATE TABLE "new_LoginThrottle" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStart" DATETIME NOT NULL,
    "nextAttemptAt" DATETIME NOT NULL,
    "lastAt" DATETIME NOT NULL
);
-- Throttle rows are short-lived counters under the old lock-out rules: start afresh.
DROP TABLE "LoginThrottle";
ALTER TABLE "new_LoginThrottle" RENAME TO "LoginThrottle";
CREATE INDEX "LoginThrottle_lastAt_idx" ON "LoginThrottle"("lastAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE INDEX "LinkRequest_installationId_state_idx" ON "LinkRequest"("installationId", "state");

-- CreateIndex
CREATE UNIQUE INDEX "LinkRequest_installationId_userId_key" ON "LinkRequest"("installationId", "userId");

-- Installations and stores that already worked are proven: their binding never expires.
UPDATE "Installation" SET "provenAt" = COALESCE("activatedAt", "updatedAt") WHERE "accessTokenEnc" IS NOT NULL;
UPDATE "Store" SET "provenAt" = "updatedAt" WHERE "id" IN (SELECT "storeId" FROM "Installation" WHERE "provenAt" IS NOT NULL);
