-- A payer's cancel after the gateway form was handed out is a request: an enquiry settles it.
ALTER TABLE "Payment" ADD COLUMN "cancelRequestedAt" TIMESTAMP(3);

-- What each item's amount pays for, component by component, as priced when the payment was made: crediting
-- applies exactly this, whatever the bill became since.
ALTER TABLE "PaymentItem" ADD COLUMN "pricedBreakdown" JSONB;
