import { MAX_BILL_COLUMNS } from '@councilpay/domain';

export interface BillFileLimits {
  readonly maxBytes: number;
  /** Rows after the header. */
  readonly maxRows: number;
  readonly maxColumns: number;
  /** What an XLSX's parts may unpack to, in all, and each part at most this many times its packed size. */
  readonly maxUnpackedBytes: number;
  readonly maxUnpackRatio: number;
}

/**
 * 1,000,000 bills fit: a bill's row is at most a few hundred bytes. Columns: the widest layout with room to spare.
 * An XLSX unpacks to ~10× its size in normal use; 200× is a crafted file.
 */
export const BILL_FILE_LIMITS: BillFileLimits = {
  maxBytes: 150 * 1024 * 1024,
  maxRows: 1_000_000,
  maxColumns: MAX_BILL_COLUMNS,
  maxUnpackedBytes: 1024 * 1024 * 1024,
  maxUnpackRatio: 200,
};
