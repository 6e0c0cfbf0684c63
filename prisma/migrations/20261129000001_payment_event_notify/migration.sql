-- Every fact appended to a payment's timeline tells listening API processes which payment changed (the
-- channel carries the payment reference only; the notification is sent when the transaction commits).
CREATE FUNCTION "payment_event_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('payment_event', (SELECT "reference" FROM "Payment" WHERE "id" = NEW."paymentId"));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "PaymentEvent_notify"
  AFTER INSERT ON "PaymentEvent"
  FOR EACH ROW WHEN (NEW."paymentId" IS NOT NULL)
  EXECUTE FUNCTION "payment_event_notify"();
