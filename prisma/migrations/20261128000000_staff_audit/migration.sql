-- CreateTable
CREATE TABLE "StaffAudit" (
    "id" BIGSERIAL NOT NULL,
    "staffId" UUID NOT NULL,
    "staffEmail" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "councils" TEXT[],
    "before" JSONB,
    "after" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffAudit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StaffAudit_targetType_targetId_id_idx" ON "StaffAudit"("targetType", "targetId", "id");

-- CreateIndex
CREATE INDEX "StaffAudit_createdAt_idx" ON "StaffAudit"("createdAt");

-- CreateIndex
CREATE INDEX "Notification_createdAt_idx" ON "Notification"("createdAt");

-- CreateIndex
CREATE INDEX "Payment_payerPhone_createdAt_idx" ON "Payment"("payerPhone", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Payment_late_createdAt_idx" ON "Payment"("late", "createdAt");

-- CreateIndex
CREATE INDEX "Payment_refundDueSen_createdAt_idx" ON "Payment"("refundDueSen", "createdAt");

-- CreateIndex
CREATE INDEX "Payment_finalAt_idx" ON "Payment"("finalAt");

-- CreateIndex
CREATE INDEX "Payment_amountSen_idx" ON "Payment"("amountSen");

-- CreateIndex
CREATE INDEX "PaymentItem_councilCode_paymentId_idx" ON "PaymentItem"("councilCode", "paymentId");

-- CreateIndex
CREATE INDEX "PaymentItem_accountNo_idx" ON "PaymentItem"("accountNo");

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The staff audit is append-only: what staff did stays as it was recorded.
CREATE FUNCTION "staff_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'StaffAudit is append-only (% refused)', TG_OP;
END;
$$;

CREATE TRIGGER "StaffAudit_append_only"
  BEFORE UPDATE OR DELETE ON "StaffAudit"
  FOR EACH ROW EXECUTE FUNCTION "staff_audit_append_only"();
