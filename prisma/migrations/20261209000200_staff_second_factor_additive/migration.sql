-- Staff sign in with a second factor: a TOTP secret (sealed), when it was turned on, the newest time step
-- accepted (a code is never accepted twice), and the hashes of the unused recovery codes. Additive: the older
-- version ignores the columns (and its staff sign in with the password alone until it is replaced).
ALTER TABLE "User"
  ADD COLUMN "totpSecretSealed" TEXT,
  ADD COLUMN "totpEnabledAt" TIMESTAMP(3),
  ADD COLUMN "totpLastStep" INTEGER,
  ADD COLUMN "recoveryCodeHashes" TEXT[] DEFAULT ARRAY[]::TEXT[];
