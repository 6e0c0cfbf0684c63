import type { PayableType } from '../payable-types';

/** POST /api/search body. */
export interface SearchRequest {
  council: string;
  type: PayableType;
  /** As typed by the payer; the API normalises it (libs/domain normaliseAccountId). */
  accountNo: string;
  /** Engineering only: the plan type searched in. */
  planType?: string;
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
  /** Type-specific display fields (spec section 3). */
  details: Record<string, unknown>;
  /** Items that belong to this one (e.g. a signboard on a licence); removed from the cart with it. */
  parentId: string | null;
}
