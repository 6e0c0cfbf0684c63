-- Digital licences printed for payers reading English or Chinese: the Malay text with theirs beside it, one
-- stored PDF per language (the Malay one stays DigitalLicence.pdf).
CREATE TABLE "DigitalLicenceCopy" (
    "digitalLicenceId" UUID NOT NULL,
    "language" TEXT NOT NULL,
    "pdf" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DigitalLicenceCopy_pkey" PRIMARY KEY ("digitalLicenceId","language")
);

ALTER TABLE "DigitalLicenceCopy" ADD CONSTRAINT "DigitalLicenceCopy_digitalLicenceId_fkey" FOREIGN KEY ("digitalLicenceId")
  REFERENCES "DigitalLicence"("id") ON DELETE CASCADE ON UPDATE CASCADE;
