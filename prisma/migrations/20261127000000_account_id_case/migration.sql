-- Account ids are compared in one case per payable type (libs/domain normaliseAccountId): tenancy ids in
-- lower case, every other type in upper case; assessment, compound and licence ids also lose whitespace.
-- Stored ids are brought to that form so that a search in any case finds them. Only ASCII letters are
-- folded (as the rule does). A row whose folded id would be another row's id is left as it was.
WITH "folded" AS (
  SELECT "id", "councilCode", "type", "planType", "accountNo",
    CASE
      WHEN "type" = 'tenancy' THEN translate("accountNo", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
      WHEN "type" IN ('assessment', 'compound', 'trading_license', 'council_permit_license') THEN
        translate(regexp_replace("accountNo", '\s', '', 'g'), 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')
      ELSE translate("accountNo", 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')
    END AS "to"
  FROM "Payable"
)
UPDATE "Payable" AS p
SET "accountNo" = f."to"
FROM "folded" AS f
WHERE p."id" = f."id"
  AND f."accountNo" <> f."to"
  AND NOT EXISTS (
    SELECT 1 FROM "folded" AS o
    WHERE o."id" <> f."id" AND o."councilCode" = f."councilCode" AND o."type" = f."type"
      AND o."planType" = f."planType" AND (o."accountNo" = f."to" OR o."to" = f."to")
  );
