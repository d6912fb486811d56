-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Store" (
    "id" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "signatureMethod" TEXT NOT NULL DEFAULT 'HMAC-SHA256',
    "signatureMode" TEXT NOT NULL DEFAULT 'standard',
    "name" TEXT,
    "provenAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Store_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Installation" (
    "id" TEXT NOT NULL,
    "consumerKey" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "failureReason" TEXT,
    "mode" TEXT NOT NULL DEFAULT 'oauth',
    "adminOrigin" TEXT,
    "label" TEXT,
    "consumerSecretEnc" TEXT NOT NULL,
    "accessTokenEnc" TEXT,
    "accessTokenSecretEnc" TEXT,
    "activatedAt" TIMESTAMP(3),
    "lastSuccessAt" TIMESTAMP(3),
    "lastCheckedAt" TIMESTAMP(3),
    "activationCount" INTEGER NOT NULL DEFAULT 0,
    "credentialsSeq" INTEGER NOT NULL DEFAULT 0,
    "provenAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Installation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Activation" (
    "id" TEXT NOT NULL,
    "installationId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "failureReason" TEXT,
    "storeBaseUrl" TEXT NOT NULL,
    "consumerSecretEnc" TEXT NOT NULL,
    "verifierEnc" TEXT NOT NULL,
    "callbackAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answeredMs" INTEGER,
    "exchangeStartedAt" TIMESTAMP(3),
    "requestTokenCallAt" TIMESTAMP(3),
    "requestTokenAt" TIMESTAMP(3),
    "requestTokenEnc" TEXT,
    "requestTokenSecretEnc" TEXT,
    "accessTokenCallAt" TIMESTAMP(3),
    "accessTokenAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "claimedByUserId" TEXT,
    "claimedAt" TIMESTAMP(3),

    CONSTRAINT "Activation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InstallationUser" (
    "installationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InstallationUser_pkey" PRIMARY KEY ("installationId","userId")
);

-- CreateTable
CREATE TABLE "LinkRequest" (
    "id" TEXT NOT NULL,
    "installationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "activationId" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "decidedByUserId" TEXT,

    CONSTRAINT "LinkRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InstallationEvent" (
    "id" SERIAL NOT NULL,
    "installationId" TEXT NOT NULL,
    "activationId" TEXT,
    "kind" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "storeMessage" TEXT,
    "count" INTEGER NOT NULL DEFAULT 1,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InstallationEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PortalApp" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "appId" TEXT NOT NULL,
    "appSecretEnc" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "tokenPath" TEXT NOT NULL,
    "cachedTokenEnc" TEXT,
    "cachedAccountId" TEXT,
    "cachedExpiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PortalApp_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL,
    "lastAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LoginThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "PasswordReset" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "PasswordReset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutboxMail" (
    "id" SERIAL NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OutboxMail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResourceCheck" (
    "installationId" TEXT NOT NULL,
    "resource" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "granted" BOOLEAN NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ResourceCheck_pkey" PRIMARY KEY ("installationId","resource")
);

-- CreateTable
CREATE TABLE "RateWindow" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RateWindow_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "Export" (
    "id" TEXT NOT NULL,
    "installationId" TEXT NOT NULL,
    "requestedBy" TEXT,
    "entity" TEXT NOT NULL,
    "options" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER,
    "rows" INTEGER NOT NULL DEFAULT 0,
    "nextPage" INTEGER NOT NULL DEFAULT 1,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Export_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExportChunk" (
    "exportId" TEXT NOT NULL,
    "page" INTEGER NOT NULL,
    "rows" INTEGER NOT NULL,
    "body" TEXT NOT NULL,

    CONSTRAINT "ExportChunk_pkey" PRIMARY KEY ("exportId","page")
);

-- CreateTable
CREATE TABLE "JobLane" (
    "lane" TEXT NOT NULL,
    "lastTag" INTEGER NOT NULL DEFAULT 0,
    "pausedUntil" TIMESTAMP(3),
    "failStreak" INTEGER NOT NULL DEFAULT 0,
    "reason" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JobLane_pkey" PRIMARY KEY ("lane")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Store_baseUrl_key" ON "Store"("baseUrl");

-- CreateIndex
CREATE UNIQUE INDEX "Installation_consumerKey_key" ON "Installation"("consumerKey");

-- CreateIndex
CREATE INDEX "Installation_storeId_idx" ON "Installation"("storeId");

-- CreateIndex
CREATE INDEX "Installation_state_idx" ON "Installation"("state");

-- CreateIndex
CREATE INDEX "Activation_installationId_callbackAt_idx" ON "Activation"("installationId", "callbackAt");

-- CreateIndex
CREATE UNIQUE INDEX "Activation_installationId_seq_key" ON "Activation"("installationId", "seq");

-- CreateIndex
CREATE INDEX "InstallationUser_userId_idx" ON "InstallationUser"("userId");

-- CreateIndex
CREATE INDEX "LinkRequest_installationId_state_idx" ON "LinkRequest"("installationId", "state");

-- CreateIndex
CREATE UNIQUE INDEX "LinkRequest_installationId_userId_key" ON "LinkRequest"("installationId", "userId");

-- CreateIndex
CREATE INDEX "InstallationEvent_installationId_at_idx" ON "InstallationEvent"("installationId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "PortalApp_userId_key" ON "PortalApp"("userId");

-- CreateIndex
CREATE INDEX "LoginThrottle_lastAt_idx" ON "LoginThrottle"("lastAt");

-- CreateIndex
CREATE INDEX "PasswordReset_userId_idx" ON "PasswordReset"("userId");

-- CreateIndex
CREATE INDEX "PasswordReset_expiresAt_idx" ON "PasswordReset"("expiresAt");

-- CreateIndex
CREATE INDEX "OutboxMail_createdAt_idx" ON "OutboxMail"("createdAt");

-- CreateIndex
CREATE INDEX "RateWindow_expiresAt_idx" ON "RateWindow"("expiresAt");

-- CreateIndex
CREATE INDEX "Export_installationId_createdAt_idx" ON "Export"("installationId", "createdAt");

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Installation" ADD CONSTRAINT "Installation_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Activation" ADD CONSTRAINT "Activation_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InstallationUser" ADD CONSTRAINT "InstallationUser_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InstallationUser" ADD CONSTRAINT "InstallationUser_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LinkRequest" ADD CONSTRAINT "LinkRequest_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LinkRequest" ADD CONSTRAINT "LinkRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InstallationEvent" ADD CONSTRAINT "InstallationEvent_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PortalApp" ADD CONSTRAINT "PortalApp_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PasswordReset" ADD CONSTRAINT "PasswordReset_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResourceCheck" ADD CONSTRAINT "ResourceCheck_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Export" ADD CONSTRAINT "Export_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExportChunk" ADD CONSTRAINT "ExportChunk_exportId_fkey" FOREIGN KEY ("exportId") REFERENCES "Export"("id") ON DELETE CASCADE ON UPDATE CASCADE;
