-- Payments out: council events, written with what they tell, and their deliveries to each endpoint.
ALTER TABLE "WebhookEndpoint" ADD COLUMN "failingSince" TIMESTAMP(3);

CREATE TABLE "WebhookEvent" (
    "id" TEXT NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "councilCode" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "billKeys" TEXT[],
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "WebhookEvent_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "WebhookEvent_seq_key" ON "WebhookEvent"("seq");
CREATE INDEX "WebhookEvent_councilCode_seq_idx" ON "WebhookEvent"("councilCode", "seq");

CREATE TABLE "WebhookDelivery" (
    "id" BIGSERIAL NOT NULL,
    "eventId" TEXT NOT NULL,
    "endpointId" UUID NOT NULL,
    "eventSeq" BIGINT NOT NULL,
    "billKeys" TEXT[],
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastAttemptAt" TIMESTAMP(3),
    "lastStatusCode" INTEGER,
    "lastError" TEXT,
    "responseExcerpt" TEXT,
    "deliveredAt" TIMESTAMP(3),
    "retryFrom" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "WebhookDelivery_eventId_endpointId_key" ON "WebhookDelivery"("eventId", "endpointId");
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_idx" ON "WebhookDelivery"("status", "nextAttemptAt");
CREATE INDEX "WebhookDelivery_endpointId_eventSeq_idx" ON "WebhookDelivery"("endpointId", "eventSeq");

ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_eventId_fkey" FOREIGN KEY ("eventId")
  REFERENCES "WebhookEvent"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId")
  REFERENCES "WebhookEndpoint"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- An event, once written, is what the council is told: never changed nor removed.
CREATE TRIGGER "WebhookEvent_append_only" BEFORE UPDATE OR DELETE ON "WebhookEvent"
  FOR EACH ROW EXECUTE FUNCTION "money_record_append_only"();
CREATE TRIGGER "WebhookEvent_no_truncate" BEFORE TRUNCATE ON "WebhookEvent"
  FOR EACH STATEMENT EXECUTE FUNCTION "money_record_append_only"();

-- An event's type and version are the contract's; a delivery's status one of three, delivered with its time.
CREATE FUNCTION "webhook_event_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."type" NOT IN ('bill.credited', 'payment.late_approval', 'refund.made', 'day.signed_off')
     OR NEW."version" <> 1 OR NEW."id" !~ '^evt_[0-9A-Z]{26}$' THEN
    RAISE EXCEPTION 'a webhook event has a known type, version 1 and an evt_ id' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "WebhookEvent_guard" BEFORE INSERT ON "WebhookEvent"
  FOR EACH ROW EXECUTE FUNCTION "webhook_event_guard"();

CREATE FUNCTION "webhook_delivery_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" NOT IN ('pending', 'delivered', 'failed')
     OR (NEW."status" = 'delivered') <> (NEW."deliveredAt" IS NOT NULL) OR NEW."attempts" < 0 THEN
    RAISE EXCEPTION 'a webhook delivery is pending, delivered (with its time) or failed'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "WebhookDelivery_guard" BEFORE INSERT OR UPDATE ON "WebhookDelivery"
  FOR EACH ROW EXECUTE FUNCTION "webhook_delivery_guard"();
