-- Built CONCURRENTLY: writes to "Payment" go on while it builds. CONCURRENTLY cannot run in a transaction, so
-- this migration is this one statement alone (a script of one statement is not wrapped in one). Should the build
-- fail, PostgreSQL leaves the index INVALID: DROP INDEX CONCURRENTLY "Payment_payerPhone_trgm_idx"; then deploy again.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "Payment_payerPhone_trgm_idx" ON "Payment" USING GIN ("payerPhone" gin_trgm_ops);
