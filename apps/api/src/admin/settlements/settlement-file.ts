import {
  INVOICE_NO_LENGTH,
  SETTLEMENT_MAX_LINES,
  tryParseRinggit,
  type SettlementLineError,
  type SettlementLineErrorCode,
} from '@councilpay/domain';

/** One readable line of a gateway settlement file: date, seller order no, FPX transaction id, amount, status. */
export interface SettlementFileLine {
  line: number;
  date: string;
  sellerOrderNo: string;
  fpxTxnId: string;
  amountSen: number;
  bankStatus: string;
  bankApproved: boolean;
}

export type ParsedSettlement =
  { ok: true; lines: SettlementFileLine[] } | { ok: false; errors: SettlementLineError[]; tooManyLines?: boolean };

const ORDER_NO = new RegExp(`^\\d{${INVOICE_NO_LENGTH}}$`);
const TXN_ID = /^[A-Za-z0-9]{1,40}$/;
/** A bank's status: its two-digit FPX code, or a word. 00 / approved is an approval. */
const STATUS = /^(\d{2}|approved|rejected|pending|failed|cancelled)$/i;

/** The cells of one CSV line; a quoted cell may hold commas and doubled quotes. */
function cells(text: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  out.push(cell.trim());
  return out;
}

/** DD/MM/YYYY or YYYY-MM-DD, a real calendar day, as YYYY-MM-DD; null otherwise. */
export function settlementDay(text: string): string | null {
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [y, m, d] = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : [];
  if (!y || !m || !d) return null;
  const at = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (at.getUTCFullYear() !== Number(y) || at.getUTCMonth() !== Number(m) - 1 || at.getUTCDate() !== Number(d)) {
    return null;
  }
  return `${y}-${m}-${d}`;
}

/**
 * Reads a settlement file whole before anything is done with it: every line is checked, and one bad line makes
 * the file refused with every line's error (nothing is matched or recorded). A first line naming the columns is
 * skipped; blank lines are ignored; a repeated (order no, transaction id) is an error.
 */
export function parseSettlementFile(content: string): ParsedSettlement {
  const raw = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const errors: SettlementLineError[] = [];
  const lines: SettlementFileLine[] = [];
  const seen = new Set<string>();
  let counted = 0;
  for (let i = 0; i < raw.length; i++) {
    const text = raw[i].trim();
    if (text === '') continue;
    const line = i + 1;
    const values = cells(text);
    if (counted === 0 && /^date$/i.test(values[0] ?? '')) continue;
    counted++;
    if (counted > SETTLEMENT_MAX_LINES) return { ok: false, errors: [], tooManyLines: true };
    const fail = (code: SettlementLineErrorCode, value: string) =>
      errors.push({ line, code, value: value.slice(0, 60) });
    if (values.length !== 5) {
      fail('columns', text);
      continue;
    }
    const [dateText, orderNo, txnId, amountText, status] = values;
    const date = settlementDay(dateText);
    const amountSen = tryParseRinggit(amountText.replace(/^RM\s?/i, ''));
    const before = errors.length;
    if (!date) fail('date', dateText);
    if (!ORDER_NO.test(orderNo)) fail('order_no', orderNo);
    if (!TXN_ID.test(txnId)) fail('txn_id', txnId);
    if (amountSen === null || amountSen <= 0) fail('amount', amountText);
    if (!STATUS.test(status)) fail('status', status);
    if (errors.length > before || !date || amountSen === null) continue;
    const key = `${orderNo}|${txnId}`;
    if (seen.has(key)) {
      fail('duplicate', `${orderNo} ${txnId}`);
      continue;
    }
    seen.add(key);
    lines.push({
      line,
      date,
      sellerOrderNo: orderNo,
      fpxTxnId: txnId,
      amountSen,
      bankStatus: status,
      bankApproved: status === '00' || status.toLowerCase() === 'approved',
    });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, lines };
}
