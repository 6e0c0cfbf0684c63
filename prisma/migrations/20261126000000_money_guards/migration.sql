-- The database guards the money, whatever code writes to it.
--
-- These rules are triggers rather than CHECK constraints and a deferred constraint trigger: the pure-JS
-- Prisma schema engine we migrate with (see prisma.config.ts) crashes ("RuntimeError: unreachable") when it
-- reads any pg_constraint row of kind CHECK or constraint trigger, so `prisma migrate diff` could no longer
-- compare the migrations with the schema. Plain triggers refuse the same writes with the same SQLSTATE
-- (23514 check_violation).

-- Amounts are positive sen; a credit is never negative; the money owed back lies between nothing and the
-- payment's amount.
CREATE FUNCTION "payment_amounts_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."amountSen" IS NULL OR NEW."amountSen" <= 0 THEN
    RAISE EXCEPTION 'Payment amountSen must be more than 0 (got %)', NEW."amountSen"
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."refundDueSen" < 0 OR NEW."refundDueSen" > NEW."amountSen" THEN
    RAISE EXCEPTION 'Payment refundDueSen must lie between 0 and its amount % (got %)', NEW."amountSen", NEW."refundDueSen"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "Payment_amounts_guard"
  BEFORE INSERT OR UPDATE ON "Payment"
  FOR EACH ROW EXECUTE FUNCTION "payment_amounts_guard"();

CREATE FUNCTION "payment_item_amounts_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."amountSen" IS NULL OR NEW."amountSen" <= 0 THEN
    RAISE EXCEPTION 'PaymentItem amountSen must be more than 0 (got %)', NEW."amountSen"
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."creditSen" < 0 THEN
    RAISE EXCEPTION 'PaymentItem creditSen must not be negative (got %)', NEW."creditSen"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "PaymentItem_amounts_guard"
  BEFORE INSERT OR UPDATE ON "PaymentItem"
  FOR EACH ROW EXECUTE FUNCTION "payment_item_amounts_guard"();

-- A payment's items add up to its amount. A payment and its items are written one row at a time, so the sum
-- is checked whenever the payment changes status or amount: no payment reaches any outcome (paid, failed ...)
-- with items that do not add up. Once it has left in_progress its items are frozen: none added, removed,
-- re-priced or moved to another payment.
CREATE FUNCTION "payment_items_sum_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT COALESCE(SUM("amountSen"), 0) INTO total FROM "PaymentItem" WHERE "paymentId" = NEW."id";
  IF total <> NEW."amountSen" THEN
    RAISE EXCEPTION 'Payment % amount % sen differs from its items'' total % sen', NEW."reference", NEW."amountSen", total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "Payment_items_sum"
  BEFORE UPDATE OF "status", "amountSen" ON "Payment"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."amountSen" IS DISTINCT FROM NEW."amountSen")
  EXECUTE FUNCTION "payment_items_sum_guard"();

CREATE FUNCTION "payment_items_frozen_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid uuid;
  st text;
BEGIN
  FOREACH pid IN ARRAY (CASE TG_OP
      WHEN 'INSERT' THEN ARRAY[NEW."paymentId"]
      WHEN 'DELETE' THEN ARRAY[OLD."paymentId"]
      ELSE ARRAY[OLD."paymentId", NEW."paymentId"] END) LOOP
    SELECT "status"::text INTO st FROM "Payment" WHERE "id" = pid;
    -- Not found: the payment itself is being deleted (its items go with it).
    IF FOUND AND st <> 'in_progress' THEN
      RAISE EXCEPTION 'The items of a % payment cannot change (% refused)', st, TG_OP
        USING ERRCODE = 'check_violation';
    END IF;
  END LOOP;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
CREATE TRIGGER "PaymentItem_frozen_insert_delete"
  BEFORE INSERT OR DELETE ON "PaymentItem"
  FOR EACH ROW EXECUTE FUNCTION "payment_items_frozen_guard"();
CREATE TRIGGER "PaymentItem_frozen_update"
  BEFORE UPDATE OF "amountSen", "paymentId" ON "PaymentItem"
  FOR EACH ROW WHEN (OLD."amountSen" IS DISTINCT FROM NEW."amountSen" OR OLD."paymentId" IS DISTINCT FROM NEW."paymentId")
  EXECUTE FUNCTION "payment_items_frozen_guard"();

-- The payment timeline is append-only, TRUNCATE included (row triggers do not see a TRUNCATE).
CREATE TRIGGER "PaymentEvent_no_truncate"
  BEFORE TRUNCATE ON "PaymentEvent"
  FOR EACH STATEMENT EXECUTE FUNCTION "payment_event_append_only"();

-- One gateway transaction approves one payment: a transaction id of a method is the approval of at most one
-- paid (or since refunded) payment.
CREATE UNIQUE INDEX "Payment_one_approval_per_gateway_txn"
  ON "Payment" ("method", "gatewayTxnId")
  WHERE "gatewayTxnId" IS NOT NULL AND "status" IN ('paid', 'refunded');
