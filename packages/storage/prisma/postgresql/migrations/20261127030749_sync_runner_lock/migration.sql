-- AlterTable
ALTER TABLE "SyncCursor" ADD COLUMN     "lockedBy" TEXT,
ADD COLUMN     "lockedUntil" TIMESTAMP(3);
