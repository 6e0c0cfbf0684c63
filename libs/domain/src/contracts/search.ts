import type { AssessmentSelection } from '../assessment';
import type { PayableType } from '../payable-types';

/** POST /api/search body. */
export interface SearchRequest {
  council: string;
  type: PayableType;
  /**
   * As typed by the payer; the API normalises it (libs/domain normaliseAccountId). Booking ids are sent
   * URI-encoded (`encodeBookingId`) and decoded by the API.
   */
  accountNo: string;
  /** Engineering only: the plan type searched in (ENGINEERING when absent). */
  planType?: string;
}

/** Assessment only: what one selection pays, computed by the API with `assessmentAmountFor`. */
export interface AssessmentSelectionAmountDto {
  selection: AssessmentSelection;
  amountSen: number;
  /** The year the selection pays until (its 4th instalment). */
  paidUntilYear: number;
}

/** The licence behind a trading licence or council permit/licence bill. */
export interface SearchLicenceDto {
  /** no_lesen */
  licenceNo: string;
  /** lic_rujukan */
  reference: string;
  statusl: string;
  /** general | niaga */
  mKodType: string;
  /** operasi | pasar | penjaja | kakilima | iklan | niaga */
  kind: string;
  renewableOnline: boolean;
  /** The period one payment renews. */
  renewalYears: number;
  renewalMonths: number;
}

/** One payable found by a search: what the portal shows and what a cart item is made from. */
export interface SearchResultDto {
  id: string;
  council: string;
  type: PayableType;
  accountNo: string;
  displayNo: string;
  planType: string;
  /** Masked for display (first characters then asterisks, at most 19). */
  ownerName: string;
  /** Masked except the last 4 digits. */
  ownerIdNo: string | null;
  address: string | null;
  balanceSen: number;
  minimumPaymentSen: number | null;
  status: string;
  paidUntilYear: number | null;
  paidUntilMonth: number | null;
  /** Type-specific display fields; names in them are masked like `ownerName`. */
  details: Record<string, unknown>;
  /** Items that belong to this one (e.g. a signboard on a licence); removed from the cart with it. */
  parentId: string | null;
  /** Assessment only: the amount of each selection 1-4; null for other types. */
  selections: AssessmentSelectionAmountDto[] | null;
  /** Licence types: the licence (of this bill, or of the bill it depends on); null otherwise. */
  licence: SearchLicenceDto | null;
}
