-- A staged row of a bill import carries its bill's identity and outcome as columns, so that a file of a million
-- rows is planned and written in chunks by the database (duplicates, the parents a file names, the bills a
-- complete list leaves out) instead of in the API's memory. Additive: the older version ignores the columns.
ALTER TABLE "BillImportRow"
  ADD COLUMN "accountNo" TEXT,
  ADD COLUMN "planType" TEXT,
  ADD COLUMN "parentAccountNo" TEXT,
  ADD COLUMN "licenceReference" TEXT,
  ADD COLUMN "kind" TEXT;

CREATE INDEX "BillImportRow_importId_accountNo_planType_idx" ON "BillImportRow"("importId", "accountNo", "planType");
CREATE INDEX "BillImportRow_importId_kind_id_idx" ON "BillImportRow"("importId", "kind", "id");
