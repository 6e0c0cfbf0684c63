-- What an assessment item's credit actually took off each component of the account (less than priced when a
-- component was reduced between pricing and approval): a refund that reverses the credit restores exactly this.
ALTER TABLE "PaymentItem" ADD COLUMN "creditedBreakdown" JSONB;
