-- Settlement checks are kept: the file's lines with their results, the payments it does not name, and how an
-- officer resolved each mismatch.
CREATE TYPE "SettlementGateway" AS ENUM ('fpx', 'card');
CREATE TYPE "SettlementResult" AS ENUM ('matched', 'amount_differs', 'txn_id_differs', 'date_differs', 'unknown_order', 'approved_not_ours', 'not_approved_by_bank', 'missing_from_file');
CREATE TYPE "SettlementResolution" AS ENUM ('requeried', 'explained', 'refund');

CREATE TABLE "SettlementCheck" (
    "id" UUID NOT NULL,
    "gateway" "SettlementGateway" NOT NULL,
    "fileName" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "councils" TEXT[],
    "scopeKey" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "staffId" UUID NOT NULL,
    "staffEmail" TEXT NOT NULL,
    "lineCount" INTEGER NOT NULL,
    "counts" JSONB NOT NULL,
    "bankTotalSen" BIGINT NOT NULL,
    "ourTotalSen" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SettlementCheck_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "SettlementCheckLine" (
    "id" BIGSERIAL NOT NULL,
    "checkId" UUID NOT NULL,
    "line" INTEGER,
    "result" "SettlementResult" NOT NULL,
    "date" TEXT,
    "orderNo" TEXT NOT NULL,
    "txnId" TEXT,
    "amountSen" INTEGER,
    "bankStatus" TEXT,
    "bankApproved" BOOLEAN,
    "paymentId" UUID,
    "reference" TEXT,
    "paymentStatus" TEXT,
    "paymentAmountSen" INTEGER,
    "paymentTxnId" TEXT,
    "paidDay" TEXT,
    "councils" TEXT[],
    "resolution" "SettlementResolution",
    "resolutionNote" TEXT,
    "refundId" UUID,
    "resolvedById" UUID,
    "resolvedByEmail" TEXT,
    "resolvedAt" TIMESTAMP(3),
    CONSTRAINT "SettlementCheckLine_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "SettlementCheck_sha256_scopeKey_key" ON "SettlementCheck"("sha256", "scopeKey");
CREATE INDEX "SettlementCheck_day_idx" ON "SettlementCheck"("day");
CREATE INDEX "SettlementCheck_createdAt_idx" ON "SettlementCheck"("createdAt");
CREATE INDEX "SettlementCheckLine_checkId_line_idx" ON "SettlementCheckLine"("checkId", "line");
CREATE INDEX "SettlementCheckLine_resolvedAt_result_idx" ON "SettlementCheckLine"("resolvedAt", "result");

ALTER TABLE "SettlementCheckLine" ADD CONSTRAINT "SettlementCheckLine_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "SettlementCheck"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A resolution is written once, whole, by a named officer, and only on a mismatch; a check's lines are never
-- deleted and their facts never change. (A trigger rather than a CHECK constraint: Prisma's migrate diff cannot
-- read CHECK constraints.)
CREATE FUNCTION settlement_line_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'settlement check lines are kept: not deleted' USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF OLD."resolvedAt" IS NOT NULL THEN
      RAISE EXCEPTION 'a resolved settlement line is not changed again' USING ERRCODE = 'check_violation';
    END IF;
    IF (NEW."checkId", NEW."line", NEW."result", NEW."orderNo", NEW."amountSen", NEW."paymentId")
       IS DISTINCT FROM (OLD."checkId", OLD."line", OLD."result", OLD."orderNo", OLD."amountSen", OLD."paymentId") THEN
      RAISE EXCEPTION 'a settlement line''s facts do not change' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF NEW."resolution" IS NULL AND (NEW."resolvedAt" IS NOT NULL OR NEW."resolvedById" IS NOT NULL) THEN
    RAISE EXCEPTION 'a settlement resolution is written whole' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."resolution" IS NOT NULL
     AND (NEW."resolvedAt" IS NULL OR NEW."resolvedById" IS NULL OR NEW."result" = 'matched') THEN
    RAISE EXCEPTION 'only a mismatch is resolved, by a named officer, at a time' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER settlement_line_guard BEFORE INSERT OR UPDATE OR DELETE ON "SettlementCheckLine"
  FOR EACH ROW EXECUTE FUNCTION settlement_line_guard();
