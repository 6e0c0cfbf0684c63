import { formatAmount, formatDateTime, type Language } from '@councilpay/domain';
import { translate } from '@councilpay/i18n';

/** The columns of the payments CSV, in order; each header is `console.csv.<column>` in the asked language. */
export const PAYMENTS_CSV_COLUMNS = [
  'reference',
  'invoice_no',
  'created',
  'paid',
  'status',
  'late',
  'method',
  'bank',
  'councils',
  'payer_name',
  'payer_email',
  'payer_phone',
  'amount',
  'refunded',
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
  payerName: string;
  payerEmail: string;
  payerPhone: string;
  amountSen: number;
  refundedSen: number;
  refundDueSen: number;
}

/** A spreadsheet runs a cell that starts with one of these as a formula: such text is kept as text. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when it holds a comma, quote or line break; a payer's text never becomes a formula. */
export function csvCell(value: string, userText = false): string {
  const text = userText && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvHeader(language: Language): string {
  return PAYMENTS_CSV_COLUMNS.map((c) => csvCell(translate(language, `console.csv.${c}`))).join(',') + '\r\n';
}

/** Money as RM with two decimals and no thousands separator (a spreadsheet reads it as a number). */
const rm = (amountSen: number) => formatAmount(amountSen).replace(/,/g, '');

/** Dates DD/MM/YYYY HH:mm in Malaysian time. */
export function csvLine(row: PaymentsCsvRow, language: Language): string {
  const yes = translate(language, 'console.csv.yes');
  const no = translate(language, 'console.csv.no');
  return (
    [
      csvCell(row.reference),
      csvCell(row.invoiceNo),
      csvCell(formatDateTime(row.createdAt)),
      csvCell(row.paidAt ? formatDateTime(row.paidAt) : ''),
      csvCell(translate(language, `payment_states.${row.status}` as never)),
      csvCell(row.late ? yes : no),
      csvCell(row.method === 'fpx' ? 'FPX' : translate(language, 'console.method_card')),
      csvCell(row.bankId ?? row.cardMethod ?? ''),
      csvCell(row.councils.join(' ')),
      csvCell(row.payerName, true),
      csvCell(row.payerEmail, true),
      // Stored in E.164 (digits after a plus): never a formula, only a number to a spreadsheet.
      csvCell(row.payerPhone),
      rm(row.amountSen),
      rm(row.refundedSen),
      rm(row.refundDueSen),
    ].join(',') + '\r\n'
  );
}
