-- CreateTable
CREATE TABLE "JobWorker" (
    "id" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "beatAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JobWorker_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "JobWorker_beatAt_idx" ON "JobWorker"("beatAt");
