-- CreateTable
CREATE TABLE "JobWorker" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "host" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "startedAt" DATETIME NOT NULL,
    "beatAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "JobWorker_beatAt_idx" ON "JobWorker"("beatAt");
