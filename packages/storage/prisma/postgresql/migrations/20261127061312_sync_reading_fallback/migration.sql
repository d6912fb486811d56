-- AlterTable
ALTER TABLE "SyncCursor" ADD COLUMN     "readsFallback" BOOLEAN;
