-- A payment's secret token, kept as its sha256 only: the proof a guest needs to cancel a payment, ask the
-- bank again or see it whole. Payments made before it have none (their owner and staff still may).
ALTER TABLE "Payment" ADD COLUMN     "tokenHash" TEXT;

-- One account per NRIC. Fails (naming the duplicated value) where two accounts already share one: resolve
-- those by hand before deploying; nothing here guesses which account is the real one.
CREATE UNIQUE INDEX "User_nricNo_key" ON "User"("nricNo");
