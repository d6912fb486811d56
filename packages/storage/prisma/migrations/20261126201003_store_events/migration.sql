-- CreateTable
CREATE TABLE "EventSource" (
    "installationId" TEXT NOT NULL PRIMARY KEY,
    "commercePublicKey" TEXT,
    "commerceKeyFingerprint" TEXT,
    "commerceKeySetAt" DATETIME,
    "ioClientId" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "EventSource_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EventDelivery" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EventDelivery_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "EventDelivery_foldKey_key" ON "EventDelivery"("foldKey");

-- CreateIndex
CREATE INDEX "EventDelivery_installationId_receivedAt_idx" ON "EventDelivery"("installationId", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "EventDelivery_installationId_channel_dedupeKey_key" ON "EventDelivery"("installationId", "channel", "dedupeKey");
