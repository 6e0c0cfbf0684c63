-- Roles within a council: each account's role per council (`<council>:<role>`), and invitations to a council's
-- staff. Additive: the older version ignores the column (its council admins keep `roles` and `councils`) and
-- the table.
ALTER TABLE "User" ADD COLUMN "councilRoles" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

CREATE TABLE "StaffInvitation" (
    "id" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "councils" TEXT[],
    "language" TEXT NOT NULL,
    "invitedById" UUID NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),
    "acceptedBy" UUID,
    "revokedAt" TIMESTAMP(3),
    "revokedById" UUID,
    "sentCount" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StaffInvitation_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "StaffInvitation_tokenHash_key" ON "StaffInvitation"("tokenHash");
CREATE INDEX "StaffInvitation_email_idx" ON "StaffInvitation"("email");
CREATE INDEX "StaffInvitation_createdAt_idx" ON "StaffInvitation"("createdAt");
