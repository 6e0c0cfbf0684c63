-- The council's logo (printed with the receipt's and licence's title) and its officer's signature (printed on
-- licences), as small data URLs (PNG or SVG, validated on upload). Null: the document prints without it.
ALTER TABLE "Council" ADD COLUMN "logoImage" TEXT;
ALTER TABLE "Council" ADD COLUMN "signatureImage" TEXT;
