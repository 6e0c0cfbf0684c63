-- Built CONCURRENTLY: writes to "PaymentItem" go on while it builds. CONCURRENTLY cannot run in a transaction, so
-- this migration is this one statement alone (a script of one statement is not wrapped in one). Should the build
-- fail, PostgreSQL leaves the index INVALID: DROP INDEX CONCURRENTLY "PaymentItem_accountNo_trgm_idx"; then deploy again.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "PaymentItem_accountNo_trgm_idx" ON "PaymentItem" USING GIN ("accountNo" gin_trgm_ops);
