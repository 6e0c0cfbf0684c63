/**
 * @councilpay/documents — the documents payers keep: the payment receipt and the digital licence (with a
 * CODE128 barcode), as pdfmake document definitions rendered on the server. The receipt's data shape comes
 * first; the PDF definitions follow with the notification and licence work.
 */
import type { Language } from '@councilpay/domain';

/** What a receipt shows, in the payer's language. Amounts in sen; formatted by libs/domain. */
export interface ReceiptData {
  language: Language;
  reference: string;
  invoiceNo: string;
  paidAt: Date;
  payerName: string;
  method: 'fpx' | 'card';
  amountSen: number;
  items: { councilName: string; type: string; accountNo: string; amountSen: number; receiptNo: string }[];
}
