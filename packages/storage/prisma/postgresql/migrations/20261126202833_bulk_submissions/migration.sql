-- CreateTable
CREATE TABLE "BulkSubmission" (
    "id" TEXT NOT NULL,
    "installationId" TEXT NOT NULL,
    "requestedBy" TEXT,
    "kind" TEXT NOT NULL,
    "operationId" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL,
    "chunkSize" INTEGER NOT NULL,
    "lastProgressAt" TIMESTAMP(3),
    "stalledAt" TIMESTAMP(3),
    "fallbackAt" TIMESTAMP(3),
    "message" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "BulkSubmission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BulkChunk" (
    "submissionId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "bulkUuid" TEXT,
    "rows" INTEGER NOT NULL,
    "intentAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "BulkChunk_pkey" PRIMARY KEY ("submissionId","seq")
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

    CONSTRAINT "BulkRow_pkey" PRIMARY KEY ("submissionId","row")
);

-- CreateIndex
CREATE INDEX "BulkSubmission_installationId_createdAt_idx" ON "BulkSubmission"("installationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "BulkChunk_bulkUuid_key" ON "BulkChunk"("bulkUuid");

-- CreateIndex
CREATE INDEX "BulkRow_submissionId_chunkSeq_position_idx" ON "BulkRow"("submissionId", "chunkSeq", "position");

-- CreateIndex
CREATE INDEX "BulkRow_submissionId_status_idx" ON "BulkRow"("submissionId", "status");

-- AddForeignKey
ALTER TABLE "BulkChunk" ADD CONSTRAINT "BulkChunk_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "BulkSubmission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BulkRow" ADD CONSTRAINT "BulkRow_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "BulkSubmission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
