import { formatDateTime, type Language } from '@councilpay/domain';
import { translate } from '@councilpay/i18n';
import { csvCell, identifierCell, rm } from '../../../http/csv-cells';

/** The columns of the payments CSV, in order; each header is `console.csv.<column>` in the asked language. */
export const PAYMENTS_CSV_COLUMNS = [
  'reference',
  'invoice_no',
  'gateway_txn_id',
  'created',
  'paid',
  'status',
  'late',
  'method',
  'bank',
  'councils',
  'account_nos',
  'receipt_nos',
  'payer_name',
  'payer_email',
  'payer_phone',
  'amount',
  'share',
  'refunded',
  'net',
  'refund_due',
] as const;

export interface PaymentsCsvRow {
  reference: string;
  invoiceNo: string;
  createdAt: Date;
  paidAt: Date | null;
  status: string;
  late: boolean;
  method: 'fpx' | 'card';
  bankId: string | null;
  cardMethod: string | null;
  councils: string[];
  gatewayTxnId: string | null;
  accountNos: string[];
  receiptNos: string[];
  payerName: string;
  payerEmail: string;
  payerPhone: string;
  amountSen: number;
  /** The list's councils' share of it, and the refunds made of that share (MoneyLedger). */
  shareSen: number;
  refundedSen: number;
  refundDueSen: number;
}

export function csvHeader(language: Language): string {
  return PAYMENTS_CSV_COLUMNS.map((c) => csvCell(translate(language, `console.csv.${c}`))).join(',') + '\r\n';
}

/** Dates DD/MM/YYYY HH:mm in Malaysian time. */
export function csvLine(row: PaymentsCsvRow, language: Language): string {
  const yes = translate(language, 'console.csv.yes');
  const no = translate(language, 'console.csv.no');
  return (
    [
      csvCell(row.reference),
      identifierCell(row.invoiceNo),
      identifierCell(row.gatewayTxnId ?? ''),
      csvCell(formatDateTime(row.createdAt)),
      csvCell(row.paidAt ? formatDateTime(row.paidAt) : ''),
      csvCell(translate(language, `payment_states.${row.status}` as never)),
      csvCell(row.late ? yes : no),
      csvCell(row.method === 'fpx' ? 'FPX' : translate(language, 'console.method_card')),
      csvCell(row.bankId ?? row.cardMethod ?? ''),
      csvCell(row.councils.join(' ')),
      row.accountNos.length === 1 ? identifierCell(row.accountNos[0]) : csvCell(row.accountNos.join(' ')),
      row.receiptNos.length === 1 ? identifierCell(row.receiptNos[0]) : csvCell(row.receiptNos.join(' ')),
      csvCell(row.payerName, true),
      csvCell(row.payerEmail, true),
      // Stored in E.164 (digits after a plus): kept as text, plus and all.
      identifierCell(row.payerPhone),
      rm(row.amountSen),
      rm(row.shareSen),
      rm(row.refundedSen),
      rm(row.shareSen - row.refundedSen),
      rm(row.refundDueSen),
    ].join(',') + '\r\n'
  );
}
