-- CreateTable
CREATE TABLE "EventSource" (
    "installationId" TEXT NOT NULL,
    "commercePublicKey" TEXT,
    "commerceKeyFingerprint" TEXT,
    "commerceKeySetAt" TIMESTAMP(3),
    "ioClientId" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EventSource_pkey" PRIMARY KEY ("installationId")
);

-- CreateTable
CREATE TABLE "EventDelivery" (
    "id" TEXT NOT NULL,
    "installationId" TEXT,
    "channel" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "detail" TEXT,
    "eventName" TEXT,
    "dedupeKey" TEXT,
    "foldKey" TEXT,
    "bodyEnc" TEXT,
    "count" INTEGER NOT NULL DEFAULT 1,
    "jobId" TEXT,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EventDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EventDelivery_foldKey_key" ON "EventDelivery"("foldKey");

-- CreateIndex
CREATE INDEX "EventDelivery_installationId_receivedAt_idx" ON "EventDelivery"("installationId", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "EventDelivery_installationId_channel_dedupeKey_key" ON "EventDelivery"("installationId", "channel", "dedupeKey");

-- AddForeignKey
ALTER TABLE "EventSource" ADD CONSTRAINT "EventSource_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EventDelivery" ADD CONSTRAINT "EventDelivery_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
