-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Job" (
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
    "output" TEXT,
    "urgent" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_Job" ("completedAt", "createdAt", "data", "id", "key", "kind", "lane", "leaseSeconds", "leaseUntil", "output", "ref", "retryBackoff", "retryCount", "retryDelaySeconds", "retryLimit", "startAfter", "startedAt", "state", "tag") SELECT "completedAt", "createdAt", "data", "id", "key", "kind", "lane", "leaseSeconds", "leaseUntil", "output", "ref", "retryBackoff", "retryCount", "retryDelaySeconds", "retryLimit", "startAfter", "startedAt", "state", "tag" FROM "Job";
DROP TABLE "Job";
ALTER TABLE "new_Job" RENAME TO "Job";
CREATE INDEX "Job_state_tag_idx" ON "Job"("state", "tag");
CREATE INDEX "Job_state_urgent_tag_idx" ON "Job"("state", "urgent", "tag");
CREATE INDEX "Job_lane_state_idx" ON "Job"("lane", "state");
CREATE INDEX "Job_key_state_idx" ON "Job"("key", "state");
CREATE INDEX "Job_ref_createdAt_idx" ON "Job"("ref", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
