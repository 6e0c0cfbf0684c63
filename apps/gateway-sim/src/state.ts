/**
 * What the simulator remembers: FPX transactions by seller exchange order number, card transactions
 * by invoice number and QR charges by charge id, in memory, optionally saved to a JSON file (debounced, written atomically) so a
 * restart during a demo keeps them. Card data is never part of it beyond brand and last 4 digits.
 */
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from 'pino';
import type { FpxRequestMessage, GatewayFields, QrCharge } from '@councilpay/fpx';
import { writeFileAtomic } from '@councilpay/fpx';
import type { DeliveryRecord } from './delivery';

export interface HistoryEntry {
  at: string;
  event: string;
  detail?: string;
}

/**
 * awaiting: the buyer is on the bank page; pending: the bank left it pending (09); abandoned: the buyer
 * closed the bank session; approved / rejected: final.
 */
export type FpxStatus = 'awaiting' | 'pending' | 'abandoned' | 'approved' | 'rejected';

export interface FpxTransaction {
  kind: 'fpx';
  sellerExOrderNo: string;
  sellerOrderNo: string;
  sellerExId: string;
  sellerId: string;
  bankId: string;
  bankName: string;
  amountSen: number;
  /** The verified AR as received (the AC and AE answers echo it). */
  request: FpxRequestMessage;
  fpxTxnId: string;
  status: FpxStatus;
  /** What an AE answers now: '00', '09' (awaiting, pending, abandoned) or the rejection code. */
  debitAuthCode: string;
  reason: string;
  debitAuthNo: string;
  creditAuthNo: string;
  /** FPX time (YYYYMMDDhhmmss, Malaysia time) of the last decision, or of the AR. */
  fpxTxnTime: string;
  createdAt: string;
  updatedAt: string;
  /** The last AC built (sent direct and/or through the browser). */
  lastAc: GatewayFields | null;
  /** The last direct AC delivery. */
  direct: DeliveryRecord | null;
  history: HistoryEntry[];
}

/** awaiting: the payer is on the card page; cancelled: the payer pressed Cancel (status 0). */
export type CardStatus = 'awaiting' | 'pending' | 'abandoned' | 'approved' | 'rejected' | 'cancelled';

export interface CardTransaction {
  kind: 'card';
  invoiceNo: string;
  merchantId: string;
  /** Amount text as requested ("12.30"). */
  amount: string;
  amountSen: number;
  currency: string;
  /** '48' Visa, '49' Mastercard. */
  paymentId: string;
  returnUrl: string;
  /** Empty when the request carried none (then no callback is sent). */
  callbackUrl: string;
  payer: { name: string; email: string; contact: string };
  transId: string;
  status: CardStatus;
  /** What an enquiry answers now: '1', '0' or '6'. */
  gatewayStatus: '0' | '1' | '6';
  authCode: string;
  errDesc: string;
  /** Brand and last 4 digits of the card used; nothing else of it is kept. */
  card: { brand: string; last4: string } | null;
  createdAt: string;
  updatedAt: string;
  lastResponse: GatewayFields | null;
  callback: DeliveryRecord | null;
  history: HistoryEntry[];
}

/** A DuitNow QR charge as the acquirer keeps it: the charge it answers, and its notification's delivery. */
export interface QrTransaction {
  kind: 'qr';
  charge: QrCharge;
  /** Where the notification goes (the merchant's notify URL when the charge was made). */
  notifyUrl: string;
  notification: DeliveryRecord | null;
  createdAt: string;
  updatedAt: string;
  history: HistoryEntry[];
}

interface SavedState {
  version: 1;
  savedAt: string;
  fpx: FpxTransaction[];
  card: CardTransaction[];
  /** Absent in files saved before the QR acquirer. */
  qr?: QrTransaction[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function addHistory(txn: { history: HistoryEntry[]; updatedAt: string }, event: string, detail?: string): void {
  const at = new Date().toISOString();
  txn.history.push(detail === undefined ? { at, event } : { at, event, detail });
  txn.updatedAt = at;
}

export class SimState {
  /** By fpx_sellerExOrderNo (unique per attempt). */
  readonly fpx = new Map<string, FpxTransaction>();
  /** By invoice number (20 digits). */
  readonly card = new Map<string, CardTransaction>();
  /** By charge id ("chrg_…"). */
  readonly qr = new Map<string, QrTransaction>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: string | null,
    private readonly log: Logger,
    private readonly debounceMs = 250,
  ) {}

  get persistent(): boolean {
    return this.file !== null;
  }

  /** An FPX transaction by seller exchange order number, else the latest one with that seller order number. */
  findFpx(orderNo: string): FpxTransaction | undefined {
    const direct = this.fpx.get(orderNo);
    if (direct) return direct;
    let latest: FpxTransaction | undefined;
    for (const txn of this.fpx.values()) {
      if (txn.sellerOrderNo === orderNo && (latest === undefined || txn.createdAt >= latest.createdAt)) latest = txn;
    }
    return latest;
  }

  findCard(invoiceNo: string): CardTransaction | undefined {
    const found = this.card.get(invoiceNo);
    if (found || !/^\d{1,20}$/.test(invoiceNo)) return found;
    return this.card.get(invoiceNo.padStart(20, '0'));
  }

  /** A QR charge by its id, else the latest one made for that merchant reference. */
  findQr(idOrReference: string): QrTransaction | undefined {
    const direct = this.qr.get(idOrReference);
    if (direct) return direct;
    let latest: QrTransaction | undefined;
    for (const txn of this.qr.values()) {
      if (txn.charge.reference === idOrReference && (latest === undefined || txn.createdAt >= latest.createdAt))
        latest = txn;
    }
    return latest;
  }

  /** Everything, newest first. */
  list(): { fpx: FpxTransaction[]; card: CardTransaction[]; qr: QrTransaction[] } {
    const newest = <T extends { createdAt: string }>(a: T, b: T): number =>
      a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
    return {
      fpx: [...this.fpx.values()].sort(newest),
      card: [...this.card.values()].sort(newest),
      qr: [...this.qr.values()].sort(newest),
    };
  }

  /** Loads the saved file, if any. A file that cannot be read is set aside (renamed *.bad-<time>) and ignored. */
  load(): void {
    if (this.file === null || !existsSync(this.file)) return;
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      if (
        !isRecord(parsed) ||
        parsed['version'] !== 1 ||
        !Array.isArray(parsed['fpx']) ||
        !Array.isArray(parsed['card'])
      ) {
        throw new Error('not a version 1 simulator state');
      }
      for (const item of parsed['fpx']) {
        if (isRecord(item) && item['kind'] === 'fpx' && typeof item['sellerExOrderNo'] === 'string') {
          // Our own file, written by save(): the shape is the one saved.
          this.fpx.set(item['sellerExOrderNo'], item as unknown as FpxTransaction);
        }
      }
      for (const item of parsed['card']) {
        if (isRecord(item) && item['kind'] === 'card' && typeof item['invoiceNo'] === 'string') {
          this.card.set(item['invoiceNo'], item as unknown as CardTransaction);
        }
      }
      for (const item of Array.isArray(parsed['qr']) ? parsed['qr'] : []) {
        if (
          isRecord(item) &&
          item['kind'] === 'qr' &&
          isRecord(item['charge']) &&
          typeof item['charge']['id'] === 'string'
        ) {
          this.qr.set(item['charge']['id'], item as unknown as QrTransaction);
        }
      }
      this.log.info({ file: this.file, fpx: this.fpx.size, card: this.card.size, qr: this.qr.size }, 'state loaded');
    } catch (error) {
      const aside = `${this.file}.bad-${Date.now()}`;
      try {
        renameSync(this.file, aside);
      } catch {
        // leave it; the next save replaces it
      }
      this.log.warn({ file: this.file, setAside: aside, err: error }, 'state file unreadable; starting empty');
    }
  }

  /** Call after every change: saves soon (debounced). */
  changed(): void {
    if (this.file === null || this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.save();
    }, this.debounceMs);
    this.timer.unref();
  }

  /** Saves now if a save is due. */
  flush(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.save();
  }

  private save(): void {
    if (this.file === null) return;
    const saved: SavedState = {
      version: 1,
      savedAt: new Date().toISOString(),
      fpx: [...this.fpx.values()],
      card: [...this.card.values()],
      qr: [...this.qr.values()],
    };
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileAtomic(this.file, `${JSON.stringify(saved, null, 2)}\n`, 0o600);
    } catch (error) {
      this.log.error({ file: this.file, err: error }, 'could not save state');
    }
  }
}
