-- A council's day, signed off: kept as signed, never changed nor removed.
CREATE TABLE "DayClose" (
    "id" UUID NOT NULL,
    "councilCode" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "figures" JSONB NOT NULL,
    "signedById" UUID NOT NULL,
    "signedByEmail" TEXT NOT NULL,
    "signedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DayClose_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "DayClose_councilCode_day_key" ON "DayClose"("councilCode", "day");

CREATE TRIGGER "DayClose_append_only" BEFORE UPDATE OR DELETE ON "DayClose"
  FOR EACH ROW EXECUTE FUNCTION "money_record_append_only"();
CREATE TRIGGER "DayClose_no_truncate" BEFORE TRUNCATE ON "DayClose"
  FOR EACH STATEMENT EXECUTE FUNCTION "money_record_append_only"();
