-- CreateTable
CREATE TABLE "SyncCursor" (
    "installationId" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "markVersion" TEXT,
    "markKey" TEXT,
    "storeNow" TIMESTAMP(3),
    "backfilledAt" TIMESTAMP(3),
    "backfillTotal" INTEGER,
    "backfillDone" INTEGER NOT NULL DEFAULT 0,
    "sweepStartedAt" TIMESTAMP(3),
    "sweepAfter" TEXT,
    "lastPassAt" TIMESTAMP(3),
    "lastSweepAt" TIMESTAMP(3),
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "errorCode" TEXT,
    "error" TEXT,
    "errorAt" TIMESTAMP(3),

    CONSTRAINT "SyncCursor_pkey" PRIMARY KEY ("installationId","entity")
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
    "seenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SyncRecord_pkey" PRIMARY KEY ("installationId","entity","identity")
);

-- CreateTable
CREATE TABLE "SyncChange" (
    "id" SERIAL NOT NULL,
    "installationId" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "identity" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "data" TEXT,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "deliveredAt" TIMESTAMP(3),

    CONSTRAINT "SyncChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SyncRecord_installationId_entity_deleted_sortKey_idx" ON "SyncRecord"("installationId", "entity", "deleted", "sortKey");

-- CreateIndex
CREATE INDEX "SyncChange_installationId_entity_state_nextAttemptAt_idx" ON "SyncChange"("installationId", "entity", "state", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "SyncChange_installationId_entity_identity_state_idx" ON "SyncChange"("installationId", "entity", "identity", "state");

-- CreateIndex
CREATE INDEX "SyncChange_installationId_state_createdAt_idx" ON "SyncChange"("installationId", "state", "createdAt");
