-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "urgent" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Job_state_urgent_tag_idx" ON "Job"("state", "urgent", "tag");
