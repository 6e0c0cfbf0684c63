-- Refunds a finance office trusts: a refund above the approval limit waits for a second officer (it holds back
-- its amount and counts for nothing until approved), and a mistaken refund is corrected by a reversing entry
-- that names it, never by an edit.
-- CreateEnum
CREATE TYPE "RefundState" AS ENUM ('awaiting_approval', 'made', 'declined');

-- AlterTable
ALTER TABLE "Configuration" ADD COLUMN     "refundApprovalAboveSen" INTEGER NOT NULL DEFAULT 100000;

-- AlterTable
ALTER TABLE "Refund" ADD COLUMN     "correctsRefundId" UUID,
ADD COLUMN     "decidedAt" TIMESTAMP(3),
ADD COLUMN     "decidedByEmail" TEXT,
ADD COLUMN     "decidedById" TEXT,
ADD COLUMN     "declineReason" TEXT,
ADD COLUMN     "state" "RefundState" NOT NULL DEFAULT 'made';

-- CreateIndex
CREATE UNIQUE INDEX "Refund_correctsRefundId_key" ON "Refund"("correctsRefundId");

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_correctsRefundId_fkey" FOREIGN KEY ("correctsRefundId") REFERENCES "Refund"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Refunds stay append-only, with one exception: the decision on a refund awaiting approval, taken once. It
-- changes only the state (to made or declined), who decided and when, why it was declined and, for an
-- approval, the date it is made; the officer who recorded the refund never approves it.
DROP TRIGGER "Refund_append_only" ON "Refund";
CREATE FUNCTION "refund_decision_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid_at timestamp(3);
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Refund is append-only (DELETE refused)';
  END IF;
  IF OLD."state" <> 'awaiting_approval' OR NEW."state" = 'awaiting_approval'
     OR (NEW."id", NEW."paymentId", NEW."gatewayAnswerId", NEW."amountSen", NEW."reason", NEW."staffId",
         NEW."staffEmail", NEW."gatewayReference", NEW."createdAt", NEW."correctsRefundId")
        IS DISTINCT FROM
        (OLD."id", OLD."paymentId", OLD."gatewayAnswerId", OLD."amountSen", OLD."reason", OLD."staffId",
         OLD."staffEmail", OLD."gatewayReference", OLD."createdAt", OLD."correctsRefundId")
     OR (NEW."state" = 'declined' AND NEW."refundedAt" IS DISTINCT FROM OLD."refundedAt") THEN
    RAISE EXCEPTION 'Refund is append-only (UPDATE refused): only a refund awaiting approval is decided, once';
  END IF;
  IF NEW."decidedById" IS NULL OR NEW."decidedByEmail" IS NULL OR NEW."decidedAt" IS NULL THEN
    RAISE EXCEPTION 'The decision on refund % names who took it and when', OLD."id" USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."state" = 'made' THEN
    IF NEW."decidedById" = OLD."staffId" THEN
      RAISE EXCEPTION 'Refund % cannot be approved by the officer who recorded it', OLD."id"
        USING ERRCODE = 'check_violation';
    END IF;
    IF NEW."declineReason" IS NOT NULL THEN
      RAISE EXCEPTION 'An approved refund has no decline reason' USING ERRCODE = 'check_violation';
    END IF;
    SELECT "paidAt" INTO paid_at FROM "Payment" WHERE "id" = NEW."paymentId";
    IF NEW."refundedAt" > (now() AT TIME ZONE 'UTC') + interval '5 minutes' OR (paid_at IS NOT NULL AND NEW."refundedAt" < paid_at) THEN
      RAISE EXCEPTION 'Refund refundedAt % lies outside its payment''s paid time % and now', NEW."refundedAt", paid_at
        USING ERRCODE = 'check_violation';
    END IF;
  ELSIF NEW."declineReason" IS NULL OR btrim(NEW."declineReason") = '' THEN
    RAISE EXCEPTION 'A declined refund says why' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "Refund_append_only" BEFORE UPDATE OR DELETE ON "Refund"
  FOR EACH ROW EXECUTE FUNCTION "refund_decision_guard"();

-- A refund is positive, dated between its payment's payment and now (5 minutes for clocks that differ; times
-- are kept as UTC without a zone, as Prisma writes them, whatever the session's time zone), and
-- recorded made or awaiting approval, undecided. It never gives back more than is left: of the payment's own
-- charge (refunds without a gateway answer) or of the duplicate charge it names, where what is gone is the
-- refunds made, net of their corrections, and those awaiting approval (a declined refund is nothing). A
-- correction names a refund made of the same payment that is no correction itself, for its whole amount, made
-- at once; the unique index on "correctsRefundId" lets each refund be corrected once. The payment row is locked
-- so two refunds recorded at once cannot both take the last of it.
CREATE OR REPLACE FUNCTION "refund_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bound bigint;
  done bigint;
  paid_at timestamp(3);
  original "Refund"%ROWTYPE;
BEGIN
  IF NEW."amountSen" IS NULL OR NEW."amountSen" <= 0 THEN
    RAISE EXCEPTION 'Refund amountSen must be more than 0 (got %)', NEW."amountSen" USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."state" NOT IN ('made', 'awaiting_approval') OR NEW."decidedById" IS NOT NULL
     OR NEW."decidedByEmail" IS NOT NULL OR NEW."decidedAt" IS NOT NULL OR NEW."declineReason" IS NOT NULL THEN
    RAISE EXCEPTION 'A refund is recorded made or awaiting approval, and decided afterwards (got %)', NEW."state"
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT "amountSen", "paidAt" INTO bound, paid_at FROM "Payment" WHERE "id" = NEW."paymentId" FOR UPDATE;
  IF NEW."refundedAt" > (now() AT TIME ZONE 'UTC') + interval '5 minutes' THEN
    RAISE EXCEPTION 'Refund refundedAt % is in the future', NEW."refundedAt" USING ERRCODE = 'check_violation';
  END IF;
  IF paid_at IS NOT NULL AND NEW."refundedAt" < paid_at THEN
    RAISE EXCEPTION 'Refund refundedAt % is before its payment was paid (%)', NEW."refundedAt", paid_at
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."gatewayAnswerId" IS NOT NULL THEN
    SELECT "refundDueSen" INTO bound FROM "GatewayAnswer"
      WHERE "id" = NEW."gatewayAnswerId" AND "paymentId" = NEW."paymentId" AND "verdict" = 'duplicate_charge';
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Refund names gateway answer % that is no duplicate charge of this payment', NEW."gatewayAnswerId"
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF NEW."correctsRefundId" IS NOT NULL THEN
    SELECT * INTO original FROM "Refund" WHERE "id" = NEW."correctsRefundId";
    IF NOT FOUND OR original."paymentId" <> NEW."paymentId" THEN
      RAISE EXCEPTION 'Refund corrects % which is no refund of this payment', NEW."correctsRefundId"
        USING ERRCODE = 'check_violation';
    END IF;
    IF original."correctsRefundId" IS NOT NULL THEN
      RAISE EXCEPTION 'Refund % is a correction: it is never corrected', original."id" USING ERRCODE = 'check_violation';
    END IF;
    IF original."state" <> 'made' THEN
      RAISE EXCEPTION 'Only a refund made is corrected (% is %)', original."id", original."state"
        USING ERRCODE = 'check_violation';
    END IF;
    IF NEW."state" <> 'made' OR NEW."amountSen" <> original."amountSen"
       OR NEW."gatewayAnswerId" IS DISTINCT FROM original."gatewayAnswerId" THEN
      RAISE EXCEPTION 'A correction is made at once, for the whole of the refund it corrects (% sen)', original."amountSen"
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  SELECT COALESCE(SUM(CASE WHEN "correctsRefundId" IS NULL THEN "amountSen" ELSE -"amountSen" END), 0) INTO done
    FROM "Refund"
    WHERE "paymentId" = NEW."paymentId" AND "gatewayAnswerId" IS NOT DISTINCT FROM NEW."gatewayAnswerId"
      AND "state" IN ('made', 'awaiting_approval');
  IF done + NEW."amountSen" > bound THEN
    RAISE EXCEPTION 'Refund of % sen exceeds the refundable remainder of % sen', NEW."amountSen", bound - done
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

-- A refund's item gives back part of an item of the same payment, never more than is left of that item, and
-- never reverses more of its bill's credit than the item gave (refunds made, net of corrections, and awaiting
-- approval count). A correction's item mirrors an item of the refund it corrects, once.
CREATE OR REPLACE FUNCTION "refund_item_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent "Refund"%ROWTYPE;
  item_amount integer;
  item_credit integer;
  done bigint;
  reversed bigint;
BEGIN
  IF NEW."amountSen" IS NULL OR NEW."amountSen" <= 0 OR NEW."creditReversedSen" < 0 THEN
    RAISE EXCEPTION 'RefundItem amounts must be positive (got %, credit reversed %)', NEW."amountSen", NEW."creditReversedSen"
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT * INTO parent FROM "Refund" WHERE "id" = NEW."refundId";
  SELECT i."amountSen", i."creditSen" INTO item_amount, item_credit FROM "PaymentItem" i
    WHERE i."id" = NEW."paymentItemId" AND i."paymentId" = parent."paymentId";
  IF NOT FOUND THEN
    RAISE EXCEPTION 'RefundItem names an item of another payment' USING ERRCODE = 'check_violation';
  END IF;
  IF parent."correctsRefundId" IS NOT NULL THEN
    IF NOT EXISTS (SELECT 1 FROM "RefundItem" o WHERE o."refundId" = parent."correctsRefundId"
                     AND o."paymentItemId" = NEW."paymentItemId" AND o."amountSen" = NEW."amountSen"
                     AND o."creditReversedSen" = NEW."creditReversedSen" AND o."reverseCredit" = NEW."reverseCredit")
       OR EXISTS (SELECT 1 FROM "RefundItem" c WHERE c."refundId" = NEW."refundId"
                    AND c."paymentItemId" = NEW."paymentItemId") THEN
      RAISE EXCEPTION 'A correction''s item mirrors an item of the refund it corrects, once'
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  SELECT COALESCE(SUM(CASE WHEN r."correctsRefundId" IS NULL THEN ri."amountSen" ELSE -ri."amountSen" END), 0),
         COALESCE(SUM(CASE WHEN r."correctsRefundId" IS NULL THEN ri."creditReversedSen" ELSE -ri."creditReversedSen" END), 0)
    INTO done, reversed
    FROM "RefundItem" ri JOIN "Refund" r ON r."id" = ri."refundId"
    WHERE ri."paymentItemId" = NEW."paymentItemId" AND r."state" IN ('made', 'awaiting_approval');
  IF done + NEW."amountSen" > item_amount THEN
    RAISE EXCEPTION 'Refund of % sen exceeds what is left of the item (% sen)', NEW."amountSen", item_amount - done
      USING ERRCODE = 'check_violation';
  END IF;
  IF reversed + NEW."creditReversedSen" > item_credit THEN
    RAISE EXCEPTION 'RefundItem reverses % sen of credit; % sen of the item''s credit is left', NEW."creditReversedSen",
      item_credit - reversed USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
