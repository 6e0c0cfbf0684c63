-- A card payment names the bank that issued the card (a code of CARD_BANKS in libs/domain); null before it was asked.
ALTER TABLE "Payment" ADD COLUMN "cardBank" TEXT;
