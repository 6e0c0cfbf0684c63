import {
  INVOICE_NO_LENGTH,
  SETTLEMENT_LAYOUTS,
  SETTLEMENT_MAX_LINES,
  tryParseRinggit,
  type SettlementGateway,
  type SettlementLineError,
  type SettlementLineErrorCode,
} from '@councilpay/domain';

/** One readable line of a gateway settlement file. */
export interface SettlementFileLine {
  line: number;
  /** YYYY-MM-DD. */
  date: string;
  /** Our invoice number (FPX seller order no; card merchant reference). */
  orderNo: string;
  txnId: string;
  amountSen: number;
  bankStatus: string;
  bankApproved: boolean;
}

export type ParsedSettlement =
  | { ok: true; day: string; lines: SettlementFileLine[] }
  | { ok: false; errors: SettlementLineError[]; tooManyLines?: boolean };

const ORDER_NO = new RegExp(`^\\d{${INVOICE_NO_LENGTH}}$`);
const TXN_ID: Record<SettlementGateway, RegExp> = { fpx: /^[A-Za-z0-9]{1,40}$/, card: /^[A-Za-z0-9_-]{1,40}$/ };
/** FPX: the bank's two-digit code or a word; 00 / approved is an approval. Card: 1 / approved is an approval. */
const STATUS: Record<SettlementGateway, RegExp> = {
  fpx: /^(\d{2}|approved|rejected|pending|failed|cancelled)$/i,
  card: /^(1|0|6|approved|declined|failed|pending)$/i,
};
const APPROVED: Record<SettlementGateway, RegExp> = { fpx: /^(00|approved)$/i, card: /^(1|approved)$/i };
const AUTH_CODE = /^[A-Za-z0-9]{0,12}$/;
const CARD = /^(visa|mastercard)$/i;
/** 1,234.50 or RM 12,000: a spreadsheet's formatting, not a number we read (is 1,234 one thousand or one?). */
const THOUSANDS = /^(RM\s?)?\d{1,3}(,\d{3})+(\.\d+)?$/i;

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

const normaliseHeader = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim();

/** Lines checked between two pauses of the asynchronous reader: a day's file never holds the process long. */
const LINES_PER_SLICE = 2_000;

/**
 * Reads a settlement file whole before anything is done with it: every line is checked, and one bad line makes
 * the file refused with every line's error (nothing is matched or stored). The first line names the gateway's
 * columns (SETTLEMENT_LAYOUTS); blank lines are ignored. One file settles one Malaysian day, not after `today`;
 * a repeated (order no, transaction id) is an error.
 */
export function parseSettlementFile(content: string, gateway: SettlementGateway, today: string): ParsedSettlement {
  const reader = settlementReader(content, gateway, today);
  while (!reader.step(Infinity));
  return reader.result();
}

/** The same reading, pausing every few thousand lines so that other requests are answered meanwhile. */
export async function readSettlementFile(
  content: string,
  gateway: SettlementGateway,
  today: string,
): Promise<ParsedSettlement> {
  const reader = settlementReader(content, gateway, today);
  while (!reader.step(LINES_PER_SLICE)) await new Promise((resolve) => setImmediate(resolve));
  return reader.result();
}

function settlementReader(content: string, gateway: SettlementGateway, today: string) {
  const raw = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const layout = SETTLEMENT_LAYOUTS[gateway];
  const errors: SettlementLineError[] = [];
  const lines: SettlementFileLine[] = [];
  const seen = new Set<string>();
  let header = false;
  let day: string | null = null;
  let counted = 0;
  let i = 0;
  let stopped: ParsedSettlement | null = null;

  /** Reads up to `count` more lines; true once the file is read (or refused early). */
  const step = (count: number): boolean => {
    for (let n = 0; n < count && i < raw.length && !stopped; n++, i++) {
      const text = raw[i].trim();
      if (text === '') continue;
      const line = i + 1;
      const values = cells(text);
      const fail = (code: SettlementLineErrorCode, value: string) =>
        errors.push({ line, code, value: value.slice(0, 60) });
      if (!header) {
        header = true;
        const named = values.map(normaliseHeader);
        if (named.length !== layout.length || named.some((name, k) => name !== layout[k])) {
          fail('header', text);
          // The columns are not the gateway's: reading further would report every line for the same reason.
          stopped = { ok: false, errors };
        }
        continue;
      }
      counted++;
      if (counted > SETTLEMENT_MAX_LINES) {
        stopped = { ok: false, errors: [], tooManyLines: true };
        break;
      }
      if (values.length !== layout.length) {
        fail('columns', text);
        continue;
      }
      const [dateText, orderNo, txnId, amountText, status, authCode, card] = values;
      const before = errors.length;
      const date = settlementDay(dateText);
      if (!date) fail('date', dateText);
      else if (date > today) fail('future_date', dateText);
      else if (day !== null && date !== day) fail('other_day', dateText);
      else day ??= date;
      if (!ORDER_NO.test(orderNo)) fail('order_no', orderNo);
      if (!TXN_ID[gateway].test(txnId)) fail('txn_id', txnId);
      const amountSen = THOUSANDS.test(amountText) ? null : tryParseRinggit(amountText.replace(/^RM\s?/i, ''));
      if (THOUSANDS.test(amountText)) fail('thousands_separator', amountText);
      else if (amountSen === null || amountSen <= 0) fail('amount', amountText);
      if (!STATUS[gateway].test(status)) fail('status', status);
      if (gateway === 'card') {
        if (!AUTH_CODE.test(authCode ?? '')) fail('auth_code', authCode ?? '');
        if (!CARD.test(card ?? '')) fail('card', card ?? '');
      }
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
        orderNo,
        txnId,
        amountSen,
        bankStatus: status,
        bankApproved: APPROVED[gateway].test(status),
      });
    }
    return stopped !== null || i >= raw.length;
  };
  const result = (): ParsedSettlement => {
    if (stopped) return stopped;
    if (!header) return { ok: false, errors: [{ line: 1, code: 'header', value: '' }] };
    if (errors.length > 0) return { ok: false, errors };
    return day === null ? { ok: false, errors: [{ line: 2, code: 'empty', value: '' }] } : { ok: true, day, lines };
  };
  return { step, result };
}
