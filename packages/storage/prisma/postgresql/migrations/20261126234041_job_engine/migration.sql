-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL,
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
    "startAfter" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "leaseSeconds" INTEGER NOT NULL,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),
    "output" TEXT,

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Job_state_tag_idx" ON "Job"("state", "tag");

-- CreateIndex
CREATE INDEX "Job_lane_state_idx" ON "Job"("lane", "state");

-- CreateIndex
CREATE INDEX "Job_key_state_idx" ON "Job"("key", "state");

-- CreateIndex
CREATE INDEX "Job_ref_createdAt_idx" ON "Job"("ref", "createdAt");

-- Jobs still open in pg-boss's table (where the engine before this one kept them) move here; a running one will
-- start again as a retry. pg-boss's schema is left as it was: drop it (DROP SCHEMA pgboss CASCADE) once no older
-- version of the app runs.
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    INSERT INTO "Job" ("id", "kind", "data", "state", "lane", "key", "ref", "tag", "retryCount", "retryLimit",
      "retryDelaySeconds", "retryBackoff", "startAfter", "startedAt", "leaseSeconds", "createdAt")
    SELECT id::text, name, COALESCE(data->'payload', 'null'::jsonb)::text,
      CASE WHEN state::text = 'active' THEN 'retry' ELSE state::text END,
      COALESCE(data->>'lane', ''), singleton_key, data->>'ref', -priority, retry_count, retry_limit, retry_delay,
      retry_backoff, start_after AT TIME ZONE 'UTC', started_on AT TIME ZONE 'UTC',
      EXTRACT(epoch FROM expire_in)::int, created_on AT TIME ZONE 'UTC'
    FROM pgboss.job WHERE state::text IN ('created', 'retry', 'active')
    ON CONFLICT ("id") DO NOTHING;
  END IF;
END $$;
