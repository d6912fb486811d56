-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Store" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "baseUrl" TEXT NOT NULL,
    "adminOrigin" TEXT,
    "signatureMethod" TEXT NOT NULL DEFAULT 'HMAC-SHA256',
    "signatureMode" TEXT NOT NULL DEFAULT 'standard',
    "name" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Installation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "consumerKey" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "failureReason" TEXT,
    "mode" TEXT NOT NULL DEFAULT 'oauth',
    "consumerSecretEnc" TEXT NOT NULL,
    "accessTokenEnc" TEXT,
    "accessTokenSecretEnc" TEXT,
    "activatedAt" DATETIME,
    "lastSuccessAt" DATETIME,
    "lastCheckedAt" DATETIME,
    "activationCount" INTEGER NOT NULL DEFAULT 0,
    "credentialsSeq" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Installation_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Activation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "installationId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "failureReason" TEXT,
    "storeBaseUrl" TEXT NOT NULL,
    "consumerSecretEnc" TEXT NOT NULL,
    "verifierEnc" TEXT NOT NULL,
    "callbackAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "exchangeStartedAt" DATETIME,
    "requestTokenAt" DATETIME,
    "accessTokenAt" DATETIME,
    "finishedAt" DATETIME,
    "claimedByUserId" TEXT,
    "claimedAt" DATETIME,
    CONSTRAINT "Activation_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "InstallationUser" (
    "installationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("installationId", "userId"),
    CONSTRAINT "InstallationUser_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "InstallationUser_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "InstallationEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "installationId" TEXT NOT NULL,
    "activationId" TEXT,
    "kind" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "storeMessage" TEXT,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "InstallationEvent_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PortalApp" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "appId" TEXT NOT NULL,
    "appSecretEnc" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "tokenPath" TEXT NOT NULL,
    "cachedTokenEnc" TEXT,
    "cachedAccountId" TEXT,
    "cachedExpiresAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PortalApp_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LoginThrottle" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStart" DATETIME NOT NULL,
    "lockedUntil" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Store_baseUrl_key" ON "Store"("baseUrl");

-- CreateIndex
CREATE UNIQUE INDEX "Installation_consumerKey_key" ON "Installation"("consumerKey");

-- CreateIndex
CREATE INDEX "Installation_storeId_idx" ON "Installation"("storeId");

-- CreateIndex
CREATE INDEX "Activation_installationId_callbackAt_idx" ON "Activation"("installationId", "callbackAt");

-- CreateIndex
CREATE UNIQUE INDEX "Activation_installationId_seq_key" ON "Activation"("installationId", "seq");

-- CreateIndex
CREATE INDEX "InstallationUser_userId_idx" ON "InstallationUser"("userId");

-- CreateIndex
CREATE INDEX "InstallationEvent_installationId_at_idx" ON "InstallationEvent"("installationId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "PortalApp_userId_key" ON "PortalApp"("userId");
