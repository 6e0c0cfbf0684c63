-- Payments out, part two: the daily collection files, and the pull feed's commit-order-safe position.
CREATE TABLE "CollectionFile" (
    "id" UUID NOT NULL,
    "councilCode" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "content" BYTEA NOT NULL,
    "sha256" TEXT NOT NULL,
    "lineCount" INTEGER NOT NULL,
    "creditedSen" BIGINT NOT NULL,
    "refundsSen" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CollectionFile_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "CollectionFile_councilCode_day_format_key" ON "CollectionFile"("councilCode", "day", "format");
CREATE INDEX "CollectionFile_day_idx" ON "CollectionFile"("day");

-- A file is CSV or JSON Lines, with a hex SHA-256 (a trigger: the schema engine cannot read CHECK constraints).
CREATE FUNCTION "collection_file_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."format" NOT IN ('csv', 'jsonl') OR NEW."sha256" !~ '^[0-9a-f]{64}$' THEN
    RAISE EXCEPTION 'a collection file is csv or jsonl with a hex SHA-256' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "CollectionFile_guard" BEFORE INSERT ON "CollectionFile"
  FOR EACH ROW EXECUTE FUNCTION "collection_file_guard"();

-- A kept file is what was handed to the council: never changed nor removed.
CREATE TRIGGER "CollectionFile_append_only" BEFORE UPDATE OR DELETE ON "CollectionFile"
  FOR EACH ROW EXECUTE FUNCTION "money_record_append_only"();
CREATE TRIGGER "CollectionFile_no_truncate" BEFORE TRUNCATE ON "CollectionFile"
  FOR EACH STATEMENT EXECUTE FUNCTION "money_record_append_only"();

-- The transaction that wrote each event (existing events: this migration's, in their seq order).
ALTER TABLE "WebhookEvent" ADD COLUMN "txid" BIGINT NOT NULL DEFAULT ((pg_current_xact_id())::text)::bigint;
CREATE INDEX "WebhookEvent_councilCode_txid_seq_idx" ON "WebhookEvent"("councilCode", "txid", "seq");
