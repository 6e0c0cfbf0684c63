/**
 * The council API: a council's own systems send CouncilPay their bills over signed requests (see
 * docs/integration.md). Keys are made, rotated and revoked by `_admin` under /api/admin/council-api-keys.
 */
import type { BillOutcome, BillOutcomeCounts } from '../bills/changes';
import type { PayableType } from '../payable-types';

/** Bills in one API batch, at most. */
export const COUNCIL_API_MAX_BATCH = 5_000;
/** How long a rotated key keeps working by default, and at most, after its successor is made. */
export const COUNCIL_API_ROTATION_DEFAULT_HOURS = 24;
export const COUNCIL_API_ROTATION_MAX_HOURS = 24 * 30;
/** Live (not revoked, not past their rotation deadline) keys a council may hold: the current one and its successor. */
export const COUNCIL_API_MAX_LIVE_KEYS = 2;
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** An Idempotency-Key: 8 to 100 characters of letters, digits, `-`, `_`, `.`, `:`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;

/** Why a signed request is refused (401, the `code` of the answer). */
export const COUNCIL_AUTH_REFUSALS = [
  'signature_missing',
  'signature_malformed',
  'signature_stale',
  'signature_mismatch',
  'signature_replayed',
  'key_unknown',
  'key_revoked',
  'key_expired',
] as const;
export type CouncilAuthRefusal = (typeof COUNCIL_AUTH_REFUSALS)[number];

export type CouncilApiKeyState = 'active' | 'rotating' | 'expired' | 'revoked';

export interface CouncilApiKey {
  id: string;
  keyId: string;
  council: string;
  description: string | null;
  secretHint: string;
  state: CouncilApiKeyState;
  /** The key this one replaced in a rotation. */
  replacesId: string | null;
  /** When a replaced key stops working. */
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

export interface CouncilApiKeyWithSecret extends CouncilApiKey {
  /** cpsk_ and 43 base64url characters: give it to the council's IT unit now; it cannot be shown again. */
  secret: string;
}

export interface CouncilApiRequestRow {
  id: string;
  apiKeyId: string;
  keyId: string;
  council: string;
  method: string;
  path: string;
  status: number;
  code: string | null;
  idempotencyKey: string | null;
  importId: string | null;
  durationMs: number;
  createdAt: string;
}

/** PUT /api/council/v1/bills/{type}: the bills of one type, each a JSON object with a field per layout column. */
export interface CouncilBillBatch {
  bills: Record<string, string | number | boolean | null>[];
}

export interface CouncilBillBatchResult {
  importId: string;
  type: PayableType;
  counts: BillOutcomeCounts;
}

export interface CouncilBillWithdrawal {
  importId: string;
  accountNo: string;
  outcome: BillOutcome;
}

/** GET /api/council/v1/bills/{type}/{accountNo}: the bill as the ledger holds it. */
export interface CouncilBill {
  type: PayableType;
  accountNo: string;
  displayNo: string;
  planType: string;
  status: string;
  ownerName: string;
  balanceSen: number;
  minimumPaymentSen: number | null;
  details: Record<string, unknown>;
  paymentAtBank: boolean;
  updatedAt: string;
}
