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
  /** Licence: the last month paid, YYYY-MM (shown as the paper prints it, MM/YYYY: `formatYearMonth`). */
  paidUntil?: string;
  /** The council that issued it (a receipt of several councils' bills: each of them). */
  councils: string[];
  /** The licence holder, or the payer of a receipt: masked as names are everywhere in public (`maskName`). */
  holderName: string;
}

/** Money given back after a document was issued: part of what it shows, or all of it. Amounts in sen. */
export interface VerifiedRefundDto {
  kind: 'partial' | 'full';
  /** Given back so far, of the document's amount (`facts.amountSen`). */
  refundedSen: number;
}

export interface VerifyResultDto {
  verdict: VerifyVerdict;
  /** Only when authentic: the facts signed when the document was issued (what the paper shows). */
  facts?: VerifiedFactsDto;
  /** Only when authentic: the payment's status today (a refunded payment shows it). */
  status?: PaymentState;
  /** Only when authentic and money was given back since the document was issued. */
  refund?: VerifiedRefundDto;
}

/**
 * GET /api/verify/:code from one client address: [how many, per window in ms]; beyond it 429. An officer at
 * a counter scans a few documents a minute; guessing codes needs millions.
 */
export const DOCUMENT_VERIFY_PER_ADDRESS = [120, 10 * 60_000] as const;

/** The portal's public page that checks a document code (not a route of the old portal): `/#/verify?t=<code>`. */
export const DOCUMENT_VERIFY_ROUTE = '/verify';
/** The query parameter of DOCUMENT_VERIFY_ROUTE that carries the code. */
export const DOCUMENT_VERIFY_PARAM = 't';

/** Why a licence cannot be printed: the API's error codes (messages in libs/i18n `errors`). */
export type LicencePrintBlock = 'license_status_not_allowed' | 'owner_photo_not_found';

/** A licence the signed-in payer has paid, for the licence print screen. */
export interface LicenceRowDto {
  /** The licence reference (lic_rujukan): GET /api/licences/:reference.pdf. */
  reference: string;
  licenceNo: string;
  council: string;
  /** operasi | pasar | penjaja | kakilima | iklan | niaga */
  kind: string;
  /** The print template (documents.templates.<template>). */
  template: string;
  statusl: string;
  ownerName: string;
  receiptNo: string;
  paidAt: string;
  /** MM/YYYY */
  paidUntil: string | null;
  /** Null when it can be printed. */
  blocked: LicencePrintBlock | null;
}
