/**
 * The staff console's API (/api/admin/*), for `_admin` (everything) and council admins (the councils listed
 * on their account). Lists follow react-admin's json-server conventions: query params `_start`, `_end`
 * (exclusive), `_sort`, `_order` (ASC | DESC) and one param per filter; the answer is a JSON array of records
 * with an `id`, and the header `X-Total-Count` holds how many match in all.
 */
import type { PaymentState } from '../payment-state';
import type { PaymentDto } from './payments';
import type { CouncilDto } from './public';
import type { Role } from './identity';

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** The most records one list request may ask for. */
export const ADMIN_MAX_PAGE_SIZE = 500;

export interface AdminListParams {
  _start?: number;
  _end?: number;
  _sort?: string;
  _order?: 'ASC' | 'DESC';
}

/** GET /api/admin/payments filters. `from`/`to` are ISO times or dates (YYYY-MM-DD, Malaysia time, `to` inclusive). */
export interface AdminPaymentFilter {
  council?: string;
  status?: PaymentState;
  method?: 'fpx' | 'card';
  reference?: string;
  from?: string;
  to?: string;
}

export const ADMIN_PAYMENT_SORTS = ['createdAt', 'finalAt', 'amountSen', 'status', 'method', 'reference'] as const;
export type AdminPaymentSort = (typeof ADMIN_PAYMENT_SORTS)[number];

/** A row of GET /api/admin/payments: `id` is the reference. Contact details are whole for staff. */
export interface AdminPaymentRow {
  id: string;
  reference: string;
  invoiceNo: string;
  status: PaymentState;
  late: boolean;
  method: 'fpx' | 'card';
  bankId: string | null;
  cardMethod: string | null;
  amountSen: number;
  refundDueSen: number;
  payerName: string;
  payerEmail: string;
  payerPhone: string;
  /** The councils of its items: the payment belongs to each of them. */
  councils: string[];
  /** Made by a signed-in user. */
  signedIn: boolean;
  createdAt: string;
  finalAt: string | null;
}

/** GET /api/admin/payments/:reference: the payment with items and its whole timeline. */
export interface AdminPaymentDetail extends PaymentDto {
  id: string;
  payerPhone: string;
  councils: string[];
  gatewayTxnId: string | null;
  signedIn: boolean;
}

/** POST /api/admin/payments/:reference/refund body: a refund made outside the portal, recorded. */
export interface AdminRefundRequest {
  note: string;
}

/** The answer of requery and refund: what the command did to the payment. */
export interface AdminPaymentActionResult {
  reference: string;
  outcome: 'move' | 'noop' | 'refused' | 'not_found';
  from: PaymentState | null;
  to: PaymentState | null;
  reason?: string;
}

/** GET /api/admin/councils: `id` is the code. A council admin sees their councils only. */
export type AdminCouncilRow = CouncilDto & { id: string };
export const ADMIN_COUNCIL_SORTS = ['code', 'active', 'isDefault'] as const;

/** GET and PUT /api/admin/configuration (`_admin` only): the one record, id `default`. */
export interface AdminConfiguration {
  id: 'default';
  serviceClosed: boolean;
  announcementMs: string;
  announcementEn: string;
  announcementZh: string;
  appVersion: string;
  updatedAt: string | null;
}

export type AdminConfigurationUpdate = Omit<AdminConfiguration, 'id' | 'updatedAt'>;

/** GET /api/admin/users (`_admin` only; never a password hash). Filters: `q` (email or name), `role`. */
export interface AdminUserRow {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  /** Masked except the last 4 digits. */
  nric: string | null;
  roles: Role[];
  councils: string[];
  type: string;
  emailVerified: boolean;
  createdAt: string;
}

export const ADMIN_USER_SORTS = ['createdAt', 'email', 'fullName'] as const;
