-- An open payment whose gateway enquiries keep failing: since when they fail, and when operators were alerted
-- that the bank cannot be asked about it (it stays open and is asked daily; nothing is decided without the bank).
ALTER TABLE "Payment" ADD COLUMN "enquiryFailingSince" TIMESTAMP(3);
ALTER TABLE "Payment" ADD COLUMN "bankSilentAt" TIMESTAMP(3);
CREATE INDEX "Payment_bankSilentAt_idx" ON "Payment"("bankSilentAt");
