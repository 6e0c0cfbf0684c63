import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ReceiptDocuments, type ReceiptPdfResult } from '../receipt-documents';
import { GetReceiptPdfQuery } from './get-receipt-pdf.query';

@QueryHandler(GetReceiptPdfQuery)
export class GetReceiptPdfHandler implements IQueryHandler<GetReceiptPdfQuery, ReceiptPdfResult> {
  constructor(private readonly receipts: ReceiptDocuments) {}

  execute({ reference, language, view }: GetReceiptPdfQuery): Promise<ReceiptPdfResult> {
    return this.receipts.pdf(reference, language, view);
  }
}
