-- Payments out: the council systems that receive a council's events as signed webhooks.
CREATE TABLE "WebhookEndpoint" (
    "id" UUID NOT NULL,
    "councilCode" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "description" TEXT,
    "secretSealed" TEXT NOT NULL,
    "secretHint" TEXT NOT NULL,
    "secretRotatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabledReason" TEXT,
    "disabledAt" TIMESTAMP(3),
    "createdById" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "WebhookEndpoint_councilCode_createdAt_idx" ON "WebhookEndpoint"("councilCode", "createdAt");

ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_councilCode_fkey" FOREIGN KEY ("councilCode")
  REFERENCES "Council"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- What an endpoint must always be: at least one known event, each once; off exactly when it has a reason
-- (staff or failing) and a time; a sealed secret in its one format. A trigger, not CHECK constraints (Prisma's
-- migrate diff cannot read those).
CREATE FUNCTION "webhook_endpoint_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."events" IS NULL OR cardinality(NEW."events") = 0
     OR NOT NEW."events" <@ ARRAY['bill.credited', 'payment.late_approval', 'refund.made', 'day.signed_off']::TEXT[]
     OR cardinality(NEW."events") <> (SELECT count(DISTINCT e) FROM unnest(NEW."events") AS e) THEN
    RAISE EXCEPTION 'webhook endpoint events must be known event types, each once, at least one'
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."enabled" <> (NEW."disabledReason" IS NULL) OR NEW."enabled" <> (NEW."disabledAt" IS NULL)
     OR (NEW."disabledReason" IS NOT NULL AND NEW."disabledReason" NOT IN ('staff', 'failing')) THEN
    RAISE EXCEPTION 'a webhook endpoint is disabled exactly when it has a reason (staff or failing) and a time'
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."secretSealed" !~ '^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$' THEN
    RAISE EXCEPTION 'a webhook secret is stored sealed, never as given'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "WebhookEndpoint_guard" BEFORE INSERT OR UPDATE ON "WebhookEndpoint"
  FOR EACH ROW EXECUTE FUNCTION "webhook_endpoint_guard"();
