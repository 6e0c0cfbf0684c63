import type { PaymentState } from '../payment-state';

/** What the public verify page answers for a code scanned from a receipt or a digital licence. */
export type VerifyVerdict = 'authentic' | 'altered' | 'unknown';

/** The facts a code holds, to compare with the paper. Amounts in sen; times ISO 8601. */
export interface VerifiedFactsDto {
  kind: 'receipt' | 'licence';
  /** Payment reference (receipt) or licence reference (licence). */
  reference: string;
  invoiceNo?: string;
  licenceNo?: string;
  receiptNos: string[];
  amountSen: number;
  paidAt: string;
  /** Licence: the last month paid, YYYY-MM. */
  paidUntil?: string;
}

export interface VerifyResultDto {
  verdict: VerifyVerdict;
  /** Only when authentic. */
  facts?: VerifiedFactsDto;
  /** Only when authentic: the payment's status today (a refunded payment shows it). */
  status?: PaymentState;
}

/** The portal's public page that checks a document code (not a route of the old portal): `/#/verify?t=<code>`. */
export const DOCUMENT_VERIFY_ROUTE = '/verify';
/** The query parameter of DOCUMENT_VERIFY_ROUTE that carries the code. */
export const DOCUMENT_VERIFY_PARAM = 't';
