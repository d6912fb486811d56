-- AlterTable
ALTER TABLE "SyncCursor" ADD COLUMN "lockedBy" TEXT;
ALTER TABLE "SyncCursor" ADD COLUMN "lockedUntil" DATETIME;
