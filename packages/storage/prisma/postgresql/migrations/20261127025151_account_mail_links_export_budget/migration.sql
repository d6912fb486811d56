-- AlterTable
ALTER TABLE "LinkRequest" ADD COLUMN     "verifiedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Export" ADD COLUMN     "storedBytes" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ExportChunk" ADD COLUMN     "bytes" INTEGER NOT NULL DEFAULT 0;

-- Backfill: the UTF-8 bytes of the pages already stored count toward the export budgets.
UPDATE "ExportChunk" SET "bytes" = OCTET_LENGTH("body");
UPDATE "Export" SET "storedBytes" = (SELECT COALESCE(SUM("bytes"), 0) FROM "ExportChunk" WHERE "ExportChunk"."exportId" = "Export"."id");

-- CreateTable
CREATE TABLE "MailedLink" (
    "id" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "installationId" TEXT,
    "activationId" TEXT,
    "email" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "MailedLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MailedLink_userId_purpose_idx" ON "MailedLink"("userId", "purpose");

-- CreateIndex
CREATE INDEX "MailedLink_expiresAt_idx" ON "MailedLink"("expiresAt");

-- CreateIndex
CREATE INDEX "Export_requestedBy_idx" ON "Export"("requestedBy");

-- AddForeignKey
ALTER TABLE "MailedLink" ADD CONSTRAINT "MailedLink_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
