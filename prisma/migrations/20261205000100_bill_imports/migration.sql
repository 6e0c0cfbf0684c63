-- Bills come in from the councils' own systems (file or API): each statement is kept, and each bill points at
-- the statement that last changed it. A withdrawn bill keeps its row (its payments and receipts point at it).
CREATE TABLE "BillImport" (
    "id" UUID NOT NULL,
    "councilCode" TEXT NOT NULL,
    "type" "PayableType" NOT NULL,
    "source" TEXT NOT NULL,
    "fileName" TEXT,
    "sha256" TEXT,
    "complete" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL,
    "staffId" UUID,
    "staffEmail" TEXT,
    "counts" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmedAt" TIMESTAMP(3),
    CONSTRAINT "BillImport_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "BillImport_councilCode_type_sha256_idx" ON "BillImport"("councilCode", "type", "sha256");
CREATE INDEX "BillImport_createdAt_idx" ON "BillImport"("createdAt");
ALTER TABLE "BillImport" ADD CONSTRAINT "BillImport_councilCode_fkey" FOREIGN KEY ("councilCode") REFERENCES "Council"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "Payable" ADD COLUMN "lastImportId" UUID;
CREATE INDEX "Payable_lastImportId_idx" ON "Payable"("lastImportId");
ALTER TABLE "Payable" ADD CONSTRAINT "Payable_lastImportId_fkey" FOREIGN KEY ("lastImportId") REFERENCES "BillImport"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- An import can only ever touch its own council's bills of its own type.
CREATE FUNCTION payable_import_scope() RETURNS trigger AS $$
DECLARE
  imp RECORD;
BEGIN
  IF NEW."lastImportId" IS NOT NULL AND (TG_OP = 'INSERT' OR NEW."lastImportId" IS DISTINCT FROM OLD."lastImportId") THEN
    SELECT "councilCode", "type" INTO imp FROM "BillImport" WHERE "id" = NEW."lastImportId";
    IF imp."councilCode" <> NEW."councilCode" OR imp."type" <> NEW."type" THEN
      RAISE EXCEPTION 'bill import % may not change a bill of council % type %', NEW."lastImportId", NEW."councilCode", NEW."type"
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER payable_import_scope BEFORE INSERT OR UPDATE OF "lastImportId" ON "Payable"
  FOR EACH ROW EXECUTE FUNCTION payable_import_scope();

-- What a preview read and planned, row by row; confirm writes from it.
CREATE TABLE "BillImportRow" (
    "id" BIGSERIAL NOT NULL,
    "importId" UUID NOT NULL,
    "line" INTEGER,
    "bill" JSONB,
    "errors" JSONB,
    "outcome" JSONB,
    CONSTRAINT "BillImportRow_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "BillImportRow_importId_id_idx" ON "BillImportRow"("importId", "id");
ALTER TABLE "BillImportRow" ADD CONSTRAINT "BillImportRow_importId_fkey" FOREIGN KEY ("importId") REFERENCES "BillImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;
