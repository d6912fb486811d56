-- CreateTable
CREATE TABLE "SyncCursor" (
    "installationId" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "markVersion" TEXT,
    "markKey" TEXT,
    "storeNow" DATETIME,
    "backfilledAt" DATETIME,
    "backfillTotal" INTEGER,
    "backfillDone" INTEGER NOT NULL DEFAULT 0,
    "sweepStartedAt" DATETIME,
    "sweepAfter" TEXT,
    "lastPassAt" DATETIME,
    "lastSweepAt" DATETIME,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "errorCode" TEXT,
    "error" TEXT,
    "errorAt" DATETIME,

    PRIMARY KEY ("installationId", "entity")
);

-- CreateTable
CREATE TABLE "SyncRecord" (
    "installationId" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "identity" TEXT NOT NULL,
    "sortKey" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "data" TEXT,
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "seenAt" DATETIME NOT NULL,

    PRIMARY KEY ("installationId", "entity", "identity")
);

-- CreateTable
CREATE TABLE "SyncChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "installationId" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "identity" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "data" TEXT,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL,
    "deliveredAt" DATETIME
);

-- CreateIndex
CREATE INDEX "SyncRecord_installationId_entity_deleted_sortKey_idx" ON "SyncRecord"("installationId", "entity", "deleted", "sortKey");

-- CreateIndex
CREATE INDEX "SyncChange_installationId_entity_state_nextAttemptAt_idx" ON "SyncChange"("installationId", "entity", "state", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "SyncChange_installationId_entity_identity_state_idx" ON "SyncChange"("installationId", "entity", "identity", "state");

-- CreateIndex
CREATE INDEX "SyncChange_installationId_state_createdAt_idx" ON "SyncChange"("installationId", "state", "createdAt");
