/**
 * Council bill files in the console (/api/admin/bill-imports): the imports of the staff member's councils, and
 * the rows of one as previewed (what each bill does to the ledger, or why its line could not be read). Amounts
 * in sen.
 */
import type { BillOutcomeCounts, BillRefusal } from '../bills/changes';
import type { RowError } from '../bills/layouts';
import type { PayableType } from '../payable-types';

/** previewed: nothing written yet; confirmed: written; discarded: never written. */
export type BillImportStatus = 'previewed' | 'confirmed' | 'discarded';

/** GET /api/admin/bill-imports (newest first; filters `council`, `type`) and GET /api/admin/bill-imports/:id. */
export interface AdminBillImport {
  id: string;
  councilCode: string;
  type: PayableType;
  /** file | api | seed */
  source: string;
  fileName: string | null;
  sha256: string | null;
  complete: boolean;
  status: BillImportStatus;
  /** Who uploaded it (null for the seed). */
  staffEmail: string | null;
  counts: BillOutcomeCounts;
  createdAt: string;
  confirmedAt: string | null;
}

/** The outcomes a preview lists its rows by. */
export const BILL_ROW_OUTCOMES = ['new', 'changed', 'unchanged', 'withdrawn', 'refused', 'invalid'] as const;
export type BillRowOutcome = (typeof BILL_ROW_OUTCOMES)[number];

/** GET /api/admin/bill-imports/:id/rows?outcome=…: one row of the preview (a withdrawal has no line). */
export interface AdminBillImportRow {
  id: string;
  line: number | null;
  outcome: BillRowOutcome;
  /** As printed on the bill (null for a line that could not be read). */
  displayNo: string | null;
  ownerName: string | null;
  /** new: the bill's balance; changed/withdrawn: before and after. */
  balanceSen: number | null;
  balanceBeforeSen: number | null;
  /** changed: the fields that differ (`balanceSen`, `details.arrearsSen` …). */
  fields: string[];
  /** changed: the bill had been withdrawn and is stated again. */
  reinstated: boolean;
  /** refused: why. */
  refusal: BillRefusal | null;
  /** invalid: every refused cell of the line. */
  errors: RowError[];
}
