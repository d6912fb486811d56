-- AlterTable
ALTER TABLE "Activation" ADD COLUMN "accessTokenCallAt" DATETIME;
ALTER TABLE "Activation" ADD COLUMN "requestTokenCallAt" DATETIME;
ALTER TABLE "Activation" ADD COLUMN "requestTokenEnc" TEXT;
ALTER TABLE "Activation" ADD COLUMN "requestTokenSecretEnc" TEXT;

-- CreateTable
CREATE TABLE "RateWindow" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Export" (
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
    CONSTRAINT "Export_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ExportChunk" (
    "exportId" TEXT NOT NULL,
    "page" INTEGER NOT NULL,
    "rows" INTEGER NOT NULL,
    "body" TEXT NOT NULL,

    PRIMARY KEY ("exportId", "page"),
    CONSTRAINT "ExportChunk_exportId_fkey" FOREIGN KEY ("exportId") REFERENCES "Export" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JobLane" (
    "lane" TEXT NOT NULL PRIMARY KEY,
    "lastTag" INTEGER NOT NULL DEFAULT 0,
    "pausedUntil" DATETIME,
    "failStreak" INTEGER NOT NULL DEFAULT 0,
    "reason" TEXT,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'created',
    "lane" TEXT NOT NULL DEFAULT '',
    "key" TEXT,
    "ref" TEXT,
    "tag" INTEGER NOT NULL,
    "retryCount" INTEGER NOT NULL DEFAULT 0,
    "retryLimit" INTEGER NOT NULL,
    "retryDelaySeconds" INTEGER NOT NULL,
    "retryBackoff" BOOLEAN NOT NULL,
    "startAfter" DATETIME NOT NULL,
    "startedAt" DATETIME,
    "leaseSeconds" INTEGER NOT NULL,
    "leaseUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" DATETIME,
    "output" TEXT
);

-- CreateIndex
CREATE INDEX "RateWindow_expiresAt_idx" ON "RateWindow"("expiresAt");

-- CreateIndex
CREATE INDEX "Export_installationId_createdAt_idx" ON "Export"("installationId", "createdAt");

-- CreateIndex
CREATE INDEX "Job_state_tag_idx" ON "Job"("state", "tag");

-- CreateIndex
CREATE INDEX "Job_lane_state_idx" ON "Job"("lane", "state");

-- CreateIndex
CREATE INDEX "Job_key_state_idx" ON "Job"("key", "state");

-- CreateIndex
CREATE INDEX "Job_ref_createdAt_idx" ON "Job"("ref", "createdAt");

-- CreateIndex
CREATE INDEX "Installation_state_idx" ON "Installation"("state");
