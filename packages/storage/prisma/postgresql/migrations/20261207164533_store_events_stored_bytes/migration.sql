-- AlterTable
ALTER TABLE "EventSource" ADD COLUMN     "storedBytes" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "EventDelivery" ADD COLUMN     "storedBytes" INTEGER NOT NULL DEFAULT 0;

-- Count the deliveries already kept (their sealed body and the row: DELIVERY_ROW_BYTES, lib/storage/store-events.ts)
UPDATE "EventDelivery" SET "storedBytes" = length("bodyEnc") + 512 WHERE "bodyEnc" IS NOT NULL;
UPDATE "EventSource" SET "storedBytes" = (
    SELECT COALESCE(SUM("storedBytes"), 0) FROM "EventDelivery" WHERE "EventDelivery"."installationId" = "EventSource"."installationId"
);
