-- Bills in by API: councils' API keys, the requests they made, and the answers kept by Idempotency-Key.
CREATE TABLE "CouncilApiKey" (
    "id" UUID NOT NULL,
    "keyId" TEXT NOT NULL,
    "councilCode" TEXT NOT NULL,
    "description" TEXT,
    "secretSealed" TEXT NOT NULL,
    "secretHint" TEXT NOT NULL,
    "replacesId" UUID,
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "revokedById" UUID,
    "lastUsedAt" TIMESTAMP(3),
    "createdById" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "CouncilApiKey_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "CouncilApiKey_keyId_key" ON "CouncilApiKey"("keyId");
CREATE INDEX "CouncilApiKey_councilCode_createdAt_idx" ON "CouncilApiKey"("councilCode", "createdAt");

ALTER TABLE "CouncilApiKey" ADD CONSTRAINT "CouncilApiKey_councilCode_fkey" FOREIGN KEY ("councilCode")
  REFERENCES "Council"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A key's secret is stored sealed, never as given (the format sealSecret writes).
CREATE FUNCTION "council_api_key_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."secretSealed" !~ '^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$' THEN
    RAISE EXCEPTION 'a council API secret is stored sealed, never as given'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "CouncilApiKey_guard" BEFORE INSERT OR UPDATE ON "CouncilApiKey"
  FOR EACH ROW EXECUTE FUNCTION "council_api_key_guard"();

CREATE TABLE "CouncilApiRequest" (
    "id" BIGSERIAL NOT NULL,
    "apiKeyId" UUID NOT NULL,
    "councilCode" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "code" TEXT,
    "idempotencyKey" TEXT,
    "importId" UUID,
    "durationMs" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CouncilApiRequest_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "CouncilApiRequest_apiKeyId_createdAt_idx" ON "CouncilApiRequest"("apiKeyId", "createdAt");
CREATE INDEX "CouncilApiRequest_councilCode_createdAt_idx" ON "CouncilApiRequest"("councilCode", "createdAt");

ALTER TABLE "CouncilApiRequest" ADD CONSTRAINT "CouncilApiRequest_apiKeyId_fkey" FOREIGN KEY ("apiKeyId")
  REFERENCES "CouncilApiKey"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "CouncilApiIdempotency" (
    "councilCode" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "requestSha256" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "response" JSONB NOT NULL,
    "importId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CouncilApiIdempotency_pkey" PRIMARY KEY ("councilCode", "idempotencyKey")
);

CREATE INDEX "CouncilApiIdempotency_createdAt_idx" ON "CouncilApiIdempotency"("createdAt");
