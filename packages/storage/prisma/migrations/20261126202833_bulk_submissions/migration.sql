-- CreateTable
CREATE TABLE "BulkSubmission" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "installationId" TEXT NOT NULL,
    "requestedBy" TEXT,
    "kind" TEXT NOT NULL,
    "operationId" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL,
    "chunkSize" INTEGER NOT NULL,
    "lastProgressAt" DATETIME,
    "stalledAt" DATETIME,
    "fallbackAt" DATETIME,
    "message" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "BulkChunk" (
    "submissionId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "bulkUuid" TEXT,
    "rows" INTEGER NOT NULL,
    "intentAt" DATETIME,
    "sentAt" DATETIME,

    PRIMARY KEY ("submissionId", "seq"),
    CONSTRAINT "BulkChunk_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "BulkSubmission" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BulkRow" (
    "submissionId" TEXT NOT NULL,
    "row" INTEGER NOT NULL,
    "ref" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "chunkSeq" INTEGER,
    "position" INTEGER,
    "status" TEXT NOT NULL,
    "message" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "via" TEXT,
    "late" BOOLEAN NOT NULL DEFAULT false,

    PRIMARY KEY ("submissionId", "row"),
    CONSTRAINT "BulkRow_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "BulkSubmission" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "BulkSubmission_installationId_createdAt_idx" ON "BulkSubmission"("installationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "BulkChunk_bulkUuid_key" ON "BulkChunk"("bulkUuid");

-- CreateIndex
CREATE INDEX "BulkRow_submissionId_chunkSeq_position_idx" ON "BulkRow"("submissionId", "chunkSeq", "position");

-- CreateIndex
CREATE INDEX "BulkRow_submissionId_status_idx" ON "BulkRow"("submissionId", "status");
