-- The owner's photo printed on the digital licence, and the digital licence PDF kept once made.
ALTER TABLE "Licence" ADD COLUMN "photo" BYTEA;
ALTER TABLE "DigitalLicence" ADD COLUMN "pdf" BYTEA;
