/**
 * Payments out, part two: the daily collection file and the pull feed. Amounts in sen (integers; RM with two
 * decimals beside them only for people); times ISO 8601 in UTC; days (YYYY-MM-DD) are Malaysian days.
 */
import type { PayableType } from '../payable-types';
import type { WebhookEvent } from './webhooks';

export const COLLECTION_FILE_FORMATS = ['csv', 'jsonl'] as const;
export type CollectionFileFormat = (typeof COLLECTION_FILE_FORMATS)[number];

/**
 * What a detail line of a collection file is:
 * - credit: an item credited to its bill that day (what the payer paid for it);
 * - refund: money given back that day for an item (a correction of a mistaken refund: negative, money back in);
 * - late_approval: an item of a payment the gateway approved that day after we had called it failed, expired or
 *   cancelled; `credited` says whether its bill was credited (then a credit line has it too) or the money is owed
 *   back. Informational: it is not part of the day's net.
 */
export const COLLECTION_LINE_KINDS = ['credit', 'refund', 'late_approval'] as const;
export type CollectionLineKind = (typeof COLLECTION_LINE_KINDS)[number];

export interface CollectionLine {
  kind: CollectionLineKind;
  /** When it happened: credited, refund counted (given back, or recorded when the day was already signed), approved. */
  at: string;
  paymentReference: string;
  gatewayTxnId: string | null;
  method: 'fpx' | 'card';
  itemId: string;
  receiptNo: string | null;
  accountNo: string;
  payableType: PayableType;
  /** refund lines: the refund (a correction: the correcting refund). */
  refundId: string | null;
  amountSen: number;
  /** credit lines: credited on a late approval. */
  late: boolean;
  /** late_approval lines: the bill was credited (else the money is owed back). Credit lines: true. */
  credited: boolean;
}

/** Lines of one kind and their sum. */
export interface CollectionTotal {
  lines: number;
  sen: number;
}

/**
 * A file's control totals. credits.sen is the day's "credited" figure and refunds.sen its "refunds made" (the
 * console's day close, the same definitions); net = credits - refunds.
 */
export interface CollectionTrailer {
  council: string;
  day: string;
  lines: number;
  credits: CollectionTotal;
  refunds: CollectionTotal;
  lateApprovals: CollectionTotal & { owedBackSen: number };
  netSen: number;
}

/** GET /api/admin/collection-files: a kept file (its content is downloaded apart). */
export interface CollectionFileRow {
  /** council|day|format */
  id: string;
  council: string;
  day: string;
  format: CollectionFileFormat;
  sha256: string;
  bytes: number;
  lineCount: number;
  creditedSen: number;
  refundsSen: number;
  createdAt: string;
}

/** POST /api/admin/collection-files/:council/:day/reproduce: the day produced again, per format. */
export interface CollectionFileReproduction {
  format: CollectionFileFormat;
  sha256: string;
  /** The kept file's hash (the one just kept, when there was none). */
  keptSha256: string;
  /** Produced again byte for byte. */
  identical: boolean;
  /** No file was kept for the day: this one now is. */
  keptNow: boolean;
}

/** The pull feed's event types: what a council's ledger needs (credits and refunds). */
export const COUNCIL_FEED_TYPES = ['bill.credited', 'refund.made'] as const;
export type CouncilFeedType = (typeof COUNCIL_FEED_TYPES)[number];
/** Events per page, at most (and by default). */
export const COUNCIL_FEED_PAGE = 500;

/** One page of the pull feed: the council's events after `after`, oldest first. */
export interface CouncilFeedPage {
  events: (WebhookEvent<CouncilFeedType> & { cursor: string })[];
  /** Pass as `after` for the next page (unchanged when nothing new has ended yet). */
  nextCursor: string;
  /** More events are ready now (the page was full). */
  hasMore: boolean;
}
