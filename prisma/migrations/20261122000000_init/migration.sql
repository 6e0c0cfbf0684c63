-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "PayableType" AS ENUM ('assessment', 'compound', 'trading_license', 'council_permit_license', 'tenancy', 'booking', 'engineering', 'local_government_charge', 'market_bill');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('in_progress', 'pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded');

-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('fpx', 'card');

-- CreateEnum
CREATE TYPE "NotificationChannel" AS ENUM ('email', 'sms');

-- CreateEnum
CREATE TYPE "NotificationStatus" AS ENUM ('queued', 'sending', 'sent', 'failed');

-- CreateTable
CREATE TABLE "Council" (
    "code" TEXT NOT NULL,
    "nameMs" TEXT NOT NULL,
    "nameEn" TEXT NOT NULL,
    "nameZh" TEXT NOT NULL,
    "logoPath" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "payableTypes" "PayableType"[],
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "signatureOfficerName" TEXT,
    "signatureOfficerPost" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Council_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "Payable" (
    "id" UUID NOT NULL,
    "councilCode" TEXT NOT NULL,
    "type" "PayableType" NOT NULL,
    "accountNo" TEXT NOT NULL,
    "displayNo" TEXT NOT NULL,
    "planType" TEXT NOT NULL DEFAULT '',
    "ownerName" TEXT NOT NULL,
    "ownerIdNo" TEXT,
    "address" TEXT,
    "balanceSen" INTEGER NOT NULL,
    "minimumPaymentSen" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'active',
    "paidUntilYear" INTEGER,
    "paidUntilMonth" INTEGER,
    "details" JSONB NOT NULL DEFAULT '{}',
    "parentId" UUID,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Payable_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "invoiceNo" TEXT NOT NULL,
    "status" "PaymentStatus" NOT NULL DEFAULT 'in_progress',
    "method" "PaymentMethod" NOT NULL,
    "bankId" TEXT,
    "cardMethod" TEXT,
    "amountSen" INTEGER NOT NULL,
    "payerName" TEXT NOT NULL,
    "payerEmail" TEXT NOT NULL,
    "payerPhone" TEXT NOT NULL,
    "language" TEXT NOT NULL DEFAULT 'ms',
    "machineId" TEXT NOT NULL DEFAULT 'A10',
    "userId" UUID,
    "idempotencyKey" TEXT,
    "requestHash" TEXT,
    "late" BOOLEAN NOT NULL DEFAULT false,
    "refundDueSen" INTEGER NOT NULL DEFAULT 0,
    "gatewayTxnId" TEXT,
    "gatewayCode" TEXT,
    "gatewayReason" TEXT,
    "finalAt" TIMESTAMP(3),
    "requeryAttempts" INTEGER NOT NULL DEFAULT 0,
    "nextRequeryAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentItem" (
    "id" UUID NOT NULL,
    "paymentId" UUID NOT NULL,
    "payableId" UUID NOT NULL,
    "councilCode" TEXT NOT NULL,
    "type" "PayableType" NOT NULL,
    "accountNo" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "amountSen" INTEGER NOT NULL,
    "creditSen" INTEGER NOT NULL,
    "selection" INTEGER,
    "receiptNo" TEXT,
    "snapshot" JSONB NOT NULL DEFAULT '{}',
    "creditedAt" TIMESTAMP(3),

    CONSTRAINT "PaymentItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentEvent" (
    "id" BIGSERIAL NOT NULL,
    "paymentId" UUID,
    "type" TEXT NOT NULL,
    "fromStatus" "PaymentStatus",
    "toStatus" "PaymentStatus",
    "source" TEXT NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Outbox" (
    "id" BIGSERIAL NOT NULL,
    "queue" TEXT NOT NULL,
    "jobName" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "fullName" TEXT NOT NULL,
    "nricNo" TEXT,
    "phone" TEXT,
    "passwordHash" TEXT NOT NULL,
    "roles" TEXT[],
    "councils" TEXT[],
    "type" TEXT NOT NULL DEFAULT 'user',
    "machineId" TEXT NOT NULL DEFAULT 'A10',
    "emailVerifiedAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmailVerification" (
    "tokenHash" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailVerification_pkey" PRIMARY KEY ("tokenHash")
);

-- CreateTable
CREATE TABLE "PhoneVerification" (
    "id" UUID NOT NULL,
    "phone" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "sends" INTEGER NOT NULL DEFAULT 1,
    "payload" JSONB NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "consumedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PhoneVerification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PasswordReset" (
    "id" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PasswordReset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" UUID NOT NULL,
    "channel" "NotificationChannel" NOT NULL,
    "recipient" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "language" TEXT NOT NULL DEFAULT 'ms',
    "paymentId" UUID,
    "data" JSONB NOT NULL DEFAULT '{}',
    "sensitive" BOOLEAN NOT NULL DEFAULT false,
    "subject" TEXT,
    "body" TEXT,
    "status" "NotificationStatus" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "dedupeKey" TEXT NOT NULL,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Configuration" (
    "id" TEXT NOT NULL DEFAULT 'default',
    "serviceClosed" BOOLEAN NOT NULL DEFAULT false,
    "announcementMs" TEXT NOT NULL DEFAULT '',
    "announcementEn" TEXT NOT NULL DEFAULT '',
    "announcementZh" TEXT NOT NULL DEFAULT '',
    "appVersion" TEXT NOT NULL DEFAULT '1.0.0',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Configuration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Licence" (
    "id" UUID NOT NULL,
    "payableId" UUID NOT NULL,
    "licenceNo" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "statusl" TEXT NOT NULL,
    "mKodType" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "printCode" TEXT,
    "lesenPrint" BOOLEAN NOT NULL DEFAULT false,
    "renewableOnline" BOOLEAN NOT NULL DEFAULT true,
    "renewalYears" INTEGER NOT NULL DEFAULT 1,
    "renewalMonths" INTEGER NOT NULL DEFAULT 0,
    "photoPath" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Licence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DigitalLicence" (
    "id" UUID NOT NULL,
    "licenceId" UUID NOT NULL,
    "paymentItemId" UUID NOT NULL,
    "receiptNo" TEXT NOT NULL,
    "paidUntilYear" INTEGER NOT NULL,
    "paidUntilMonth" INTEGER NOT NULL,
    "amountSen" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DigitalLicence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReceiptSequence" (
    "councilCode" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "nextValue" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "ReceiptSequence_pkey" PRIMARY KEY ("councilCode","year")
);

-- CreateTable
CREATE TABLE "SinkMessage" (
    "id" BIGSERIAL NOT NULL,
    "notificationId" UUID,
    "channel" "NotificationChannel" NOT NULL,
    "recipient" TEXT NOT NULL,
    "subject" TEXT,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SinkMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Payable_parentId_idx" ON "Payable"("parentId");

-- CreateIndex
CREATE INDEX "Payable_ownerIdNo_idx" ON "Payable"("ownerIdNo");

-- CreateIndex
CREATE UNIQUE INDEX "Payable_councilCode_type_planType_accountNo_key" ON "Payable"("councilCode", "type", "planType", "accountNo");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_reference_key" ON "Payment"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_invoiceNo_key" ON "Payment"("invoiceNo");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_idempotencyKey_key" ON "Payment"("idempotencyKey");

-- CreateIndex
CREATE INDEX "Payment_payerEmail_createdAt_idx" ON "Payment"("payerEmail", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Payment_userId_createdAt_idx" ON "Payment"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Payment_status_createdAt_idx" ON "Payment"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Payment_status_nextRequeryAt_idx" ON "Payment"("status", "nextRequeryAt");

-- CreateIndex
CREATE INDEX "Payment_createdAt_idx" ON "Payment"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentItem_receiptNo_key" ON "PaymentItem"("receiptNo");

-- CreateIndex
CREATE INDEX "PaymentItem_paymentId_position_idx" ON "PaymentItem"("paymentId", "position");

-- CreateIndex
CREATE INDEX "PaymentItem_payableId_idx" ON "PaymentItem"("payableId");

-- CreateIndex
CREATE INDEX "PaymentItem_councilCode_receiptNo_idx" ON "PaymentItem"("councilCode", "receiptNo");

-- CreateIndex
CREATE INDEX "PaymentEvent_paymentId_id_idx" ON "PaymentEvent"("paymentId", "id");

-- CreateIndex
CREATE INDEX "PaymentEvent_type_createdAt_idx" ON "PaymentEvent"("type", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Outbox_jobId_key" ON "Outbox"("jobId");

-- CreateIndex
CREATE INDEX "Outbox_sentAt_id_idx" ON "Outbox"("sentAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "EmailVerification_userId_idx" ON "EmailVerification"("userId");

-- CreateIndex
CREATE INDEX "PhoneVerification_email_createdAt_idx" ON "PhoneVerification"("email", "createdAt");

-- CreateIndex
CREATE INDEX "PhoneVerification_phone_createdAt_idx" ON "PhoneVerification"("phone", "createdAt");

-- CreateIndex
CREATE INDEX "PasswordReset_userId_idx" ON "PasswordReset"("userId");

-- CreateIndex
CREATE INDEX "PasswordReset_expiresAt_idx" ON "PasswordReset"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Notification_dedupeKey_key" ON "Notification"("dedupeKey");

-- CreateIndex
CREATE INDEX "Notification_status_createdAt_idx" ON "Notification"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Notification_paymentId_idx" ON "Notification"("paymentId");

-- CreateIndex
CREATE UNIQUE INDEX "Licence_payableId_key" ON "Licence"("payableId");

-- CreateIndex
CREATE UNIQUE INDEX "Licence_reference_key" ON "Licence"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "DigitalLicence_paymentItemId_key" ON "DigitalLicence"("paymentItemId");

-- CreateIndex
CREATE INDEX "DigitalLicence_licenceId_idx" ON "DigitalLicence"("licenceId");

-- CreateIndex
CREATE INDEX "SinkMessage_recipient_id_idx" ON "SinkMessage"("recipient", "id");

-- AddForeignKey
ALTER TABLE "Payable" ADD CONSTRAINT "Payable_councilCode_fkey" FOREIGN KEY ("councilCode") REFERENCES "Council"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payable" ADD CONSTRAINT "Payable_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Payable"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentItem" ADD CONSTRAINT "PaymentItem_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentItem" ADD CONSTRAINT "PaymentItem_payableId_fkey" FOREIGN KEY ("payableId") REFERENCES "Payable"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentItem" ADD CONSTRAINT "PaymentItem_councilCode_fkey" FOREIGN KEY ("councilCode") REFERENCES "Council"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentEvent" ADD CONSTRAINT "PaymentEvent_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailVerification" ADD CONSTRAINT "EmailVerification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PasswordReset" ADD CONSTRAINT "PasswordReset_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Licence" ADD CONSTRAINT "Licence_payableId_fkey" FOREIGN KEY ("payableId") REFERENCES "Payable"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DigitalLicence" ADD CONSTRAINT "DigitalLicence_licenceId_fkey" FOREIGN KEY ("licenceId") REFERENCES "Licence"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DigitalLicence" ADD CONSTRAINT "DigitalLicence_paymentItemId_fkey" FOREIGN KEY ("paymentItemId") REFERENCES "PaymentItem"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReceiptSequence" ADD CONSTRAINT "ReceiptSequence_councilCode_fkey" FOREIGN KEY ("councilCode") REFERENCES "Council"("code") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Invoice numbers sent to the gateways (20 digits zero-padded by libs/domain formatInvoiceNo).
CREATE SEQUENCE "payment_invoice_seq" START WITH 1 INCREMENT BY 1 NO CYCLE;

-- PaymentEvent is the audit timeline: append-only. Corrections are new events, never edits.
CREATE FUNCTION "payment_event_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'PaymentEvent is append-only (% refused)', TG_OP;
END;
$$;
CREATE TRIGGER "PaymentEvent_append_only"
  BEFORE UPDATE OR DELETE ON "PaymentEvent"
  FOR EACH ROW EXECUTE FUNCTION "payment_event_append_only"();
