-- The records reconciliation needs: every gateway answer as its own row, refunds as money (with items), and
-- when a payment became paid.

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "paidAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "GatewayAnswer" (
    "id" BIGSERIAL NOT NULL,
    "paymentId" UUID,
    "invoiceNo" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "method" "PaymentMethod" NOT NULL,
    "outcome" TEXT NOT NULL,
    "rawMessage" TEXT NOT NULL,
    "responseCode" TEXT NOT NULL,
    "amountSen" INTEGER,
    "currency" TEXT,
    "gatewayTxnId" TEXT,
    "gatewayTxnTime" TEXT,
    "debitAuthNo" TEXT,
    "creditAuthCode" TEXT,
    "creditAuthNo" TEXT,
    "authCode" TEXT,
    "verdict" TEXT NOT NULL,
    "refundDueSen" INTEGER NOT NULL DEFAULT 0,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GatewayAnswer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Refund" (
    "id" UUID NOT NULL,
    "paymentId" UUID NOT NULL,
    "gatewayAnswerId" BIGINT,
    "amountSen" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "staffId" TEXT NOT NULL,
    "staffEmail" TEXT NOT NULL,
    "gatewayReference" TEXT,
    "refundedAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Refund_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RefundItem" (
    "id" UUID NOT NULL,
    "refundId" UUID NOT NULL,
    "paymentItemId" UUID NOT NULL,
    "amountSen" INTEGER NOT NULL,
    "reverseCredit" BOOLEAN NOT NULL,
    "creditReversedSen" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "RefundItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "GatewayAnswer_paymentId_id_idx" ON "GatewayAnswer"("paymentId", "id");

-- CreateIndex
CREATE INDEX "GatewayAnswer_receivedAt_idx" ON "GatewayAnswer"("receivedAt");

-- CreateIndex
CREATE INDEX "GatewayAnswer_verdict_receivedAt_idx" ON "GatewayAnswer"("verdict", "receivedAt");

-- CreateIndex
CREATE INDEX "GatewayAnswer_gatewayTxnId_idx" ON "GatewayAnswer"("gatewayTxnId");

-- CreateIndex
CREATE INDEX "Refund_paymentId_idx" ON "Refund"("paymentId");

-- CreateIndex
CREATE INDEX "Refund_refundedAt_idx" ON "Refund"("refundedAt");

-- CreateIndex
CREATE INDEX "RefundItem_refundId_idx" ON "RefundItem"("refundId");

-- CreateIndex
CREATE INDEX "RefundItem_paymentItemId_idx" ON "RefundItem"("paymentItemId");

-- AddForeignKey
ALTER TABLE "GatewayAnswer" ADD CONSTRAINT "GatewayAnswer_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_gatewayAnswerId_fkey" FOREIGN KEY ("gatewayAnswerId") REFERENCES "GatewayAnswer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RefundItem" ADD CONSTRAINT "RefundItem_refundId_fkey" FOREIGN KEY ("refundId") REFERENCES "Refund"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RefundItem" ADD CONSTRAINT "RefundItem_paymentItemId_fkey" FOREIGN KEY ("paymentItemId") REFERENCES "PaymentItem"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- paidAt of payments paid before this column: when the timeline says they became paid (else finalAt).
UPDATE "Payment" p SET "paidAt" = COALESCE(
  (SELECT min(e."createdAt") FROM "PaymentEvent" e WHERE e."paymentId" = p."id" AND e."toStatus" = 'paid'),
  p."finalAt", p."updatedAt")
WHERE p."status" IN ('paid', 'refunded');

-- paidAt is set once: a refund (or anything else) never moves it.
CREATE FUNCTION "payment_paid_at_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."paidAt" IS NOT NULL AND NEW."paidAt" IS DISTINCT FROM OLD."paidAt" THEN
    RAISE EXCEPTION 'Payment % paidAt is set once (was %)', OLD."reference", OLD."paidAt"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "Payment_paid_at_once"
  BEFORE UPDATE OF "paidAt" ON "Payment"
  FOR EACH ROW EXECUTE FUNCTION "payment_paid_at_once"();

-- Gateway answers and refunds are records of what happened: append-only, TRUNCATE included.
CREATE FUNCTION "money_record_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP;
END;
$$;
CREATE TRIGGER "GatewayAnswer_append_only" BEFORE UPDATE OR DELETE ON "GatewayAnswer"
  FOR EACH ROW EXECUTE FUNCTION "money_record_append_only"();
CREATE TRIGGER "GatewayAnswer_no_truncate" BEFORE TRUNCATE ON "GatewayAnswer"
  FOR EACH STATEMENT EXECUTE FUNCTION "money_record_append_only"();
CREATE TRIGGER "Refund_append_only" BEFORE UPDATE OR DELETE ON "Refund"
  FOR EACH ROW EXECUTE FUNCTION "money_record_append_only"();
CREATE TRIGGER "Refund_no_truncate" BEFORE TRUNCATE ON "Refund"
  FOR EACH STATEMENT EXECUTE FUNCTION "money_record_append_only"();
CREATE TRIGGER "RefundItem_append_only" BEFORE UPDATE OR DELETE ON "RefundItem"
  FOR EACH ROW EXECUTE FUNCTION "money_record_append_only"();
CREATE TRIGGER "RefundItem_no_truncate" BEFORE TRUNCATE ON "RefundItem"
  FOR EACH STATEMENT EXECUTE FUNCTION "money_record_append_only"();

-- A duplicate charge owes back what it took, never less than nothing.
CREATE FUNCTION "gateway_answer_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."refundDueSen" < 0 OR (NEW."refundDueSen" > 0 AND NEW."refundDueSen" > COALESCE(NEW."amountSen", 0)) THEN
    RAISE EXCEPTION 'GatewayAnswer refundDueSen must lie between 0 and the amount it took (got %)', NEW."refundDueSen"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "GatewayAnswer_guard" BEFORE INSERT ON "GatewayAnswer"
  FOR EACH ROW EXECUTE FUNCTION "gateway_answer_guard"();

-- One gateway transaction is applied as the approval of one payment once.
CREATE UNIQUE INDEX "GatewayAnswer_one_applied_approval_per_txn"
  ON "GatewayAnswer" ("method", "gatewayTxnId")
  WHERE "gatewayTxnId" IS NOT NULL AND "outcome" = 'approved' AND "verdict" = 'applied';

-- A refund is positive and never gives back more than is left to give back: of the payment's own charge
-- (refunds without a gateway answer), or of the duplicate charge it names. The payment row is locked so two
-- refunds recorded at once cannot both take the last of it.
CREATE FUNCTION "refund_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bound bigint;
  done bigint;
BEGIN
  IF NEW."amountSen" IS NULL OR NEW."amountSen" <= 0 THEN
    RAISE EXCEPTION 'Refund amountSen must be more than 0 (got %)', NEW."amountSen" USING ERRCODE = 'check_violation';
  END IF;
  SELECT "amountSen" INTO bound FROM "Payment" WHERE "id" = NEW."paymentId" FOR UPDATE;
  IF NEW."gatewayAnswerId" IS NOT NULL THEN
    SELECT "refundDueSen" INTO bound FROM "GatewayAnswer"
      WHERE "id" = NEW."gatewayAnswerId" AND "paymentId" = NEW."paymentId" AND "verdict" = 'duplicate_charge';
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Refund names gateway answer % that is no duplicate charge of this payment', NEW."gatewayAnswerId"
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  SELECT COALESCE(SUM("amountSen"), 0) INTO done FROM "Refund"
    WHERE "paymentId" = NEW."paymentId" AND "gatewayAnswerId" IS NOT DISTINCT FROM NEW."gatewayAnswerId";
  IF done + NEW."amountSen" > bound THEN
    RAISE EXCEPTION 'Refund of % sen exceeds the refundable remainder of % sen', NEW."amountSen", bound - done
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "Refund_guard" BEFORE INSERT ON "Refund"
  FOR EACH ROW EXECUTE FUNCTION "refund_guard"();

-- A refund's item gives back part of an item of the same payment, never more than is left of that item.
CREATE FUNCTION "refund_item_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item_amount integer;
  done bigint;
BEGIN
  IF NEW."amountSen" IS NULL OR NEW."amountSen" <= 0 OR NEW."creditReversedSen" < 0 THEN
    RAISE EXCEPTION 'RefundItem amounts must be positive (got %, credit reversed %)', NEW."amountSen", NEW."creditReversedSen"
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT i."amountSen" INTO item_amount FROM "PaymentItem" i JOIN "Refund" r ON r."paymentId" = i."paymentId"
    WHERE i."id" = NEW."paymentItemId" AND r."id" = NEW."refundId";
  IF NOT FOUND THEN
    RAISE EXCEPTION 'RefundItem names an item of another payment' USING ERRCODE = 'check_violation';
  END IF;
  SELECT COALESCE(SUM("amountSen"), 0) INTO done FROM "RefundItem" WHERE "paymentItemId" = NEW."paymentItemId";
  IF done + NEW."amountSen" > item_amount THEN
    RAISE EXCEPTION 'Refund of % sen exceeds what is left of the item (% sen)', NEW."amountSen", item_amount - done
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "RefundItem_guard" BEFORE INSERT ON "RefundItem"
  FOR EACH ROW EXECUTE FUNCTION "refund_item_guard"();
