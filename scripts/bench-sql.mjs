// The pgbench scripts of `npm run bench`: what one payment creation and one approval cost PostgreSQL alone, on
// the same tables, with the same statements (row by row) as apps/api/src/payments issues through Prisma, so
// their transactions per second are the ceiling the API's figures are compared with.
//
// pgbench variables are numbers only (:n picks a bill, :inv the invoice number); rows are found again by their
// keys in every statement, as the engine finds them by id.

/**
 * Bills a bench payment can be made for, made again for every run: generated payables (from the seed) of types
 * paid in full with no further choice (compound, tenancy, booking, market bill), whose council takes that type,
 * that FPX can carry (RM 1.00 to RM 30,000.00) and that no payment (of an earlier run) has touched. Numbered
 * 1..N in random order, so pgbench can pick one at random and the API's requests each take one of their own.
 */
export const BENCH_BILLS_SQL = `
DROP TABLE IF EXISTS bench_bill;
CREATE TABLE bench_bill AS
SELECT (row_number() OVER ())::int AS n, id FROM (
  SELECT p."id" FROM "Payable" p JOIN "Council" c ON c."code" = p."councilCode"
  WHERE p."accountNo" ILIKE 'gen%' AND c."active" AND p."type" = ANY(c."payableTypes")
    AND p."type" IN ('compound', 'tenancy', 'booking', 'market_bill') AND p."minimumPaymentSen" IS NULL
    AND p."balanceSen" BETWEEN 100 AND 3000000
    AND NOT EXISTS (SELECT 1 FROM "PaymentItem" i WHERE i."payableId" = p."id")
  ORDER BY random()) fresh;
ALTER TABLE bench_bill ADD PRIMARY KEY (n);
ANALYZE bench_bill;`;

/**
 * One payment creation (CreatePaymentHandler): the service switch, the bill priced (payable, council, licence),
 * earlier open payments of the bill looked for; then in one transaction the bill's row lock, the
 * open-payment check under it, the invoice number, the payment, its item, its `created` event. Payments made
 * here have references starting PGB and are never due for a requery.
 */
export const CREATE_SCRIPT = `
\\set n random(:first, :last)
SELECT "serviceClosed" FROM "Configuration" WHERE "id" = 'default';
SELECT p.* FROM "Payable" p WHERE p."id" IN (SELECT "id" FROM bench_bill WHERE n = :n);
SELECT c.* FROM "Council" c WHERE c."code" IN (SELECT p."councilCode" FROM "Payable" p JOIN bench_bill b ON b."id" = p."id" WHERE b.n = :n);
SELECT l."id" FROM "Licence" l WHERE l."payableId" IN (SELECT "id" FROM bench_bill WHERE n = :n);
SELECT p."reference" FROM "Payment" p WHERE p."status" IN ('in_progress', 'pending') AND EXISTS (SELECT 1 FROM "PaymentItem" i WHERE i."paymentId" = p."id" AND i."payableId" IN (SELECT "id" FROM bench_bill WHERE n = :n));
BEGIN;
SELECT 1 FROM "Payable" WHERE "id" IN (SELECT "id" FROM bench_bill WHERE n = :n) ORDER BY "id" FOR NO KEY UPDATE;
SELECT p."reference" FROM "Payment" p WHERE p."status" IN ('in_progress', 'pending') AND EXISTS (SELECT 1 FROM "PaymentItem" i WHERE i."paymentId" = p."id" AND i."payableId" IN (SELECT "id" FROM bench_bill WHERE n = :n));
SELECT nextval('payment_invoice_seq') AS inv \\gset
INSERT INTO "Payment" ("id", "reference", "invoiceNo", "method", "bankId", "amountSen", "payerName", "payerEmail", "payerPhone", "language", "requestHash", "tokenHash", "nextRequeryAt", "updatedAt")
  SELECT gen_random_uuid(), 'PGB' || lpad(:inv::text, 19, '0'), lpad(:inv::text, 20, '0'), 'fpx', 'MB2U0227', p."balanceSen", 'Aminah binti Sapin', 'aminah.sapin@example.my', '+60123456789', 'ms', md5(:inv::text) || md5(:n::text), md5(:n::text) || md5(:inv::text), now() + interval '10 years', now()
  FROM "Payable" p WHERE p."id" IN (SELECT "id" FROM bench_bill WHERE n = :n);
INSERT INTO "PaymentItem" ("id", "paymentId", "payableId", "councilCode", "type", "accountNo", "position", "amountSen", "creditSen", "snapshot")
  SELECT gen_random_uuid(), pay."id", p."id", p."councilCode", p."type", p."accountNo", 0, pay."amountSen", pay."amountSen", jsonb_build_object('accountNo', p."displayNo", 'ownerName', p."ownerName", 'balanceSen', p."balanceSen")
  FROM "Payment" pay, "Payable" p WHERE pay."invoiceNo" = lpad(:inv::text, 20, '0') AND p."id" IN (SELECT "id" FROM bench_bill WHERE n = :n);
INSERT INTO "PaymentEvent" ("paymentId", "type", "toStatus", "source", "data")
  SELECT "id", 'created', 'in_progress', 'payer', jsonb_build_object('amountSen', "amountSen", 'items', 1, 'method', 'fpx') FROM "Payment" WHERE "invoiceNo" = lpad(:inv::text, 20, '0');
SELECT * FROM "Payment" WHERE "invoiceNo" = lpad(:inv::text, 20, '0');
END;
`;

/**
 * The minimal-rows ceiling: only what a creation must keep (the bill's row lock, an invoice number, the payment,
 * its item, its `created` event), in one statement and so one round trip, no reads around it. What the engine
 * does beyond this (pricing reads, the open-payment checks, its ORM conversation) shows as the distance between
 * this ceiling and CREATE_SCRIPT's. Payments made here have references starting PGM and are never due for a
 * requery.
 */
export const MINIMAL_CREATE_SCRIPT = `
\\set n random(:first, :last)
WITH bill AS (
  SELECT p."id", p."councilCode", p."type", p."accountNo", p."displayNo", p."ownerName", p."balanceSen"
  FROM "Payable" p WHERE p."id" = (SELECT "id" FROM bench_bill WHERE n = :n) FOR NO KEY UPDATE OF p),
inv AS (SELECT nextval('payment_invoice_seq') AS inv),
pay AS (
  INSERT INTO "Payment" ("id", "reference", "invoiceNo", "method", "bankId", "amountSen", "payerName", "payerEmail", "payerPhone", "language", "requestHash", "tokenHash", "nextRequeryAt", "updatedAt")
  SELECT gen_random_uuid(), 'PGM' || lpad(inv.inv::text, 19, '0'), lpad(inv.inv::text, 20, '0'), 'fpx', 'MB2U0227', bill."balanceSen", 'Aminah binti Sapin', 'aminah.sapin@example.my', '+60123456789', 'ms', md5(inv.inv::text) || md5(:n::text), md5(:n::text) || md5(inv.inv::text), now() + interval '10 years', now()
  FROM bill, inv RETURNING "id", "amountSen"),
item AS (
  INSERT INTO "PaymentItem" ("id", "paymentId", "payableId", "councilCode", "type", "accountNo", "position", "amountSen", "creditSen", "snapshot")
  SELECT gen_random_uuid(), pay."id", bill."id", bill."councilCode", bill."type", bill."accountNo", 0, pay."amountSen", pay."amountSen", jsonb_build_object('accountNo', bill."displayNo", 'ownerName', bill."ownerName", 'balanceSen', bill."balanceSen")
  FROM pay, bill RETURNING 1)
INSERT INTO "PaymentEvent" ("paymentId", "type", "toStatus", "source", "data")
  SELECT pay."id", 'created', 'in_progress', 'payer', jsonb_build_object('amountSen', pay."amountSen", 'items', (SELECT count(*) FROM item), 'method', 'fpx') FROM pay;
`;

/** The PGB payments still in progress, numbered for the approval script (each approved once). */
export const APPROVAL_POOL_SQL = `
DROP TABLE IF EXISTS bench_approval;
CREATE TABLE bench_approval (n serial PRIMARY KEY, "invoiceNo" text NOT NULL);
INSERT INTO bench_approval ("invoiceNo")
  SELECT "invoiceNo" FROM "Payment" WHERE "reference" LIKE 'PGB%' AND "status" = 'in_progress' ORDER BY "invoiceNo";
DROP SEQUENCE IF EXISTS bench_approval_seq;
CREATE SEQUENCE bench_approval_seq;
ANALYZE bench_approval;`;

/**
 * One approval (a direct AC through PaymentLedger.apply and creditPayment): the payment's row lock, the
 * `status_changed` event, its items, the bill's row lock, the bill's new balance, the receipt number, the item
 * credited, the `credited` event, the payment made paid, the payer's email queued (dedupe check, notification,
 * outbox row). The answer's own checks (the payment read by invoice number) come first, as in the engine.
 */
export const APPROVE_SCRIPT = `
SELECT nextval('bench_approval_seq') AS k \\gset
SELECT "invoiceNo"::bigint AS inv FROM bench_approval WHERE n = :k \\gset
SELECT * FROM "Payment" WHERE "invoiceNo" = lpad(:inv::text, 20, '0');
BEGIN;
SELECT "id", "reference", "status"::text AS "status", "payerEmail", "language" FROM "Payment" WHERE "invoiceNo" = lpad(:inv::text, 20, '0') FOR UPDATE;
INSERT INTO "PaymentEvent" ("paymentId", "type", "fromStatus", "toStatus", "source", "data")
  SELECT "id", 'status_changed', 'in_progress', 'paid', 'callback', jsonb_build_object('event', 'gateway_approved', 'answer', jsonb_build_object('code', '00', 'reason', 'Approved', 'gatewayTxnId', 'PGB' || :inv)) FROM "Payment" WHERE "invoiceNo" = lpad(:inv::text, 20, '0');
SELECT i.* FROM "PaymentItem" i JOIN "Payment" p ON p."id" = i."paymentId" WHERE p."invoiceNo" = lpad(:inv::text, 20, '0') AND i."creditedAt" IS NULL ORDER BY i."position";
SELECT p."id", p."councilCode", p."type"::text AS "type", p."balanceSen", p."details", p."paidUntilYear", p."paidUntilMonth", l."renewalYears", l."renewalMonths"
  FROM "Payable" p LEFT JOIN "Licence" l ON l."payableId" = p."id"
  WHERE p."id" IN (SELECT i."payableId" FROM "PaymentItem" i JOIN "Payment" pay ON pay."id" = i."paymentId" WHERE pay."invoiceNo" = lpad(:inv::text, 20, '0')) ORDER BY p."id" FOR UPDATE OF p;
UPDATE "Payable" SET "balanceSen" = 0, "version" = "version" + 1, "updatedAt" = now()
  WHERE "id" IN (SELECT i."payableId" FROM "PaymentItem" i JOIN "Payment" pay ON pay."id" = i."paymentId" WHERE pay."invoiceNo" = lpad(:inv::text, 20, '0'));
INSERT INTO "ReceiptSequence" ("councilCode", "year", "nextValue")
  SELECT i."councilCode", 2026, 2 FROM "PaymentItem" i JOIN "Payment" pay ON pay."id" = i."paymentId" WHERE pay."invoiceNo" = lpad(:inv::text, 20, '0')
  ON CONFLICT ("councilCode", "year") DO UPDATE SET "nextValue" = "ReceiptSequence"."nextValue" + 1 RETURNING "nextValue" - 1 AS seq \\gset
UPDATE "PaymentItem" SET "receiptNo" = 'PGB-' || :inv || '-' || :seq, "creditedAt" = now()
  WHERE "paymentId" IN (SELECT "id" FROM "Payment" WHERE "invoiceNo" = lpad(:inv::text, 20, '0'));
INSERT INTO "PaymentEvent" ("paymentId", "type", "source", "data")
  SELECT "id", 'credited', 'system', jsonb_build_object('items', jsonb_build_array(jsonb_build_object('receiptNo', 'PGB-' || :inv))) FROM "Payment" WHERE "invoiceNo" = lpad(:inv::text, 20, '0');
UPDATE "Payment" SET "status" = 'paid', "version" = "version" + 1, "paidAt" = now(), "finalAt" = now(), "nextRequeryAt" = NULL, "gatewayCode" = '00', "gatewayReason" = 'Approved', "gatewayTxnId" = 'PGB' || :inv, "updatedAt" = now()
  WHERE "invoiceNo" = lpad(:inv::text, 20, '0');
SELECT "id" FROM "Notification" WHERE "dedupeKey" = 'payment-PGB-' || :inv || '-paid-email';
INSERT INTO "Notification" ("id", "channel", "recipient", "template", "language", "paymentId", "data", "sensitive", "dedupeKey", "updatedAt")
  SELECT gen_random_uuid(), 'email', "payerEmail", 'payment_paid', 'ms', "id", jsonb_build_object('reference', "reference"), false, 'payment-PGB-' || :inv || '-paid-email', now()
  FROM "Payment" WHERE "invoiceNo" = lpad(:inv::text, 20, '0');
INSERT INTO "Outbox" ("queue", "jobName", "jobId", "payload")
  SELECT 'notify', 'DeliverNotification', 'notify-' || "id", jsonb_build_object('notificationId', "id") FROM "Notification" WHERE "dedupeKey" = 'payment-PGB-' || :inv || '-paid-email';
END;
`;

/** What the pgbench rows leave for the worker: their emails, marked delivered so no worker ever sends them. */
export const SETTLE_PGBENCH_LEFTOVERS_SQL = `
UPDATE "Outbox" SET "sentAt" = now() WHERE "sentAt" IS NULL AND "payload"->>'notificationId' IN (SELECT "id"::text FROM "Notification" WHERE "dedupeKey" LIKE 'payment-PGB-%');
UPDATE "Notification" SET "status" = 'sent', "sentAt" = now() WHERE "dedupeKey" LIKE 'payment-PGB-%' AND "status" = 'queued';`;

/**
 * Open payments for the requery run, made as the engine makes them (payment, item, `created` event) for the
 * bills numbered $1..$2, with references CPR<run>… and not due yet; the last statement answers them. Run in order.
 */
export const REQUERY_PAYMENTS_SQL = [
  `INSERT INTO "Payment" ("id", "reference", "invoiceNo", "method", "bankId", "amountSen", "payerName", "payerEmail", "payerPhone", "language", "nextRequeryAt", "updatedAt")
   SELECT gen_random_uuid(), 'CPR' || upper($3) || lpad(b.n::text, 10, '0'), lpad(nextval('payment_invoice_seq')::text, 20, '0'), 'fpx', 'MB2U0227', p."balanceSen", 'Aminah binti Sapin', 'aminah.sapin@example.my', '+60123456789', 'ms', now() + interval '10 years', now()
   FROM bench_bill b JOIN "Payable" p ON p."id" = b."id" WHERE b.n BETWEEN $1 AND $2`,
  `INSERT INTO "PaymentItem" ("id", "paymentId", "payableId", "councilCode", "type", "accountNo", "position", "amountSen", "creditSen", "snapshot")
   SELECT gen_random_uuid(), pay."id", p."id", p."councilCode", p."type", p."accountNo", 0, pay."amountSen", pay."amountSen", jsonb_build_object('accountNo', p."displayNo", 'ownerName', p."ownerName", 'balanceSen', p."balanceSen")
   FROM bench_bill b JOIN "Payable" p ON p."id" = b."id" JOIN "Payment" pay ON pay."reference" = 'CPR' || upper($3) || lpad(b.n::text, 10, '0')
   WHERE b.n BETWEEN $1 AND $2`,
  `INSERT INTO "PaymentEvent" ("paymentId", "type", "toStatus", "source", "data")
   SELECT "id", 'created', 'in_progress', 'payer', jsonb_build_object('amountSen', "amountSen", 'items', 1, 'method', 'fpx')
   FROM "Payment" WHERE "reference" LIKE 'CPR' || upper($3) || '%' AND $1::int <= $2::int`,
  `SELECT "reference", "invoiceNo", "amountSen" FROM "Payment" WHERE "reference" LIKE 'CPR' || upper($3) || '%' AND $1::int <= $2::int`,
];
