import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module';
import { DocumentSigner } from './document-signer';
import { DocumentRenderer } from './rendering/document-renderer';
import { PrintableImages } from './rendering/printable-images';
import { LiveStreams } from './live/live-streams';
import { PaymentChanges } from './live/payment-changes';
import { PaymentEventsHttpController } from './live/payment-events.http.controller';
import { LicenceDocuments } from './licences/licence-documents';
import { LicencesHttpController } from './licences/licences.http.controller';
import { GetLicencePdfHandler, ListOwnLicencesHandler } from './licences/licences.queries';
import { GetReceiptPdfHandler } from './receipts/get-receipt-pdf/get-receipt-pdf.handler';
import { GetReceiptPdfHttpController } from './receipts/get-receipt-pdf/get-receipt-pdf.http.controller';
import { ReceiptDocuments } from './receipts/receipt-documents';
import { VerifyDocumentHandler } from './verify/verify-document/verify-document.handler';
import { VerifyDocumentHttpController } from './verify/verify-document/verify-document.http.controller';

const queryHandlers = [GetReceiptPdfHandler, VerifyDocumentHandler, ListOwnLicencesHandler, GetLicencePdfHandler];

/**
 * Receipts and licences as documents: rendering (in a pool of render threads), the council images they print,
 * signing their codes. Used by the API and the notify worker.
 */
@Module({
  providers: [DocumentSigner, DocumentRenderer, PrintableImages, ReceiptDocuments],
  exports: [DocumentSigner, DocumentRenderer, PrintableImages, ReceiptDocuments],
})
export class DocumentsModule {}

/** The documents' HTTP routes (API process only). */
@Module({
  imports: [DocumentsModule, PaymentsModule],
  providers: [...queryHandlers, LicenceDocuments, PaymentChanges, LiveStreams],
  controllers: [
    GetReceiptPdfHttpController,
    VerifyDocumentHttpController,
    LicencesHttpController,
    PaymentEventsHttpController,
  ],
})
export class DocumentsHttpModule {}
