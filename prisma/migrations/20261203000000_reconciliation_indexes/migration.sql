-- Reconciliation reads a span of days by when payments were paid and items credited: without these it scans
-- every payment and item ever made.
CREATE INDEX "Payment_paidAt_idx" ON "Payment"("paidAt");
CREATE INDEX "PaymentItem_creditedAt_idx" ON "PaymentItem"("creditedAt");
