import { createHash } from 'node:crypto';
import {
  sumSen,
  type CollectionFileFormat,
  type CollectionLine,
  type CollectionLineKind,
  type CollectionTrailer,
} from '@councilpay/domain';
import { csvCell, rm } from '../../http/csv-cells';

/** The order of a file's lines: by kind, then when, then payment, item and refund (the same every time). */
const KIND_ORDER: Record<CollectionLineKind, number> = { credit: 0, refund: 1, late_approval: 2 };

export function sortLines(lines: CollectionLine[]): CollectionLine[] {
  const key = (l: CollectionLine) => [l.at, l.paymentReference, l.itemId, l.refundId ?? ''];
  return [...lines].sort((a, b) => {
    if (a.kind !== b.kind) return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
    const [ka, kb] = [key(a), key(b)];
    for (let n = 0; n < ka.length; n += 1) if (ka[n] !== kb[n]) return ka[n] < kb[n] ? -1 : 1;
    return 0;
  });
}

/** The control totals of a day's lines. */
export function trailerOf(council: string, day: string, lines: readonly CollectionLine[]): CollectionTrailer {
  const of = (kind: CollectionLineKind) => lines.filter((l) => l.kind === kind);
  const total = (kind: CollectionLineKind) => ({
    lines: of(kind).length,
    sen: sumSen(of(kind).map((l) => l.amountSen)),
  });
  const credits = total('credit');
  const refunds = total('refund');
  return {
    council,
    day,
    lines: lines.length,
    credits,
    refunds,
    lateApprovals: {
      ...total('late_approval'),
      owedBackSen: sumSen(
        of('late_approval')
          .filter((l) => !l.credited)
          .map((l) => l.amountSen),
      ),
    },
    netSen: credits.sen - refunds.sen,
  };
}

export const CSV_COLUMNS = [
  'record',
  'line_no',
  'council',
  'day',
  'kind',
  'at',
  'payment_reference',
  'gateway_txn_id',
  'method',
  'item_id',
  'receipt_no',
  'account_no',
  'payable_type',
  'refund_id',
  'amount_sen',
  'amount_rm',
  'late',
  'credited',
] as const;

const yesNo = (b: boolean) => (b ? 'Y' : 'N');

/**
 * The CSV layout (UTF-8, no BOM, LF, RFC 4180 quoting): a header of column names, one `D` row per line
 * (`line_no` 1, 2, ...), then `T` rows of control totals, one per kind (`credit`, `refund`, `late_approval`),
 * `late_owed_back`, `net` (credits - refunds) and `all` (every line), each with its count of lines in `line_no`.
 */
function csv(trailer: CollectionTrailer, lines: readonly CollectionLine[]): string {
  const row = (cells: (string | number)[]) => `${cells.map((c) => csvCell(String(c))).join(',')}\n`;
  const { council, day } = trailer;
  let out = row([...CSV_COLUMNS]);
  lines.forEach((l, n) => {
    out += row([
      'D',
      n + 1,
      council,
      day,
      l.kind,
      l.at,
      l.paymentReference,
      l.gatewayTxnId ?? '',
      l.method,
      l.itemId,
      l.receiptNo ?? '',
      l.accountNo,
      l.payableType,
      l.refundId ?? '',
      l.amountSen,
      rm(l.amountSen),
      yesNo(l.late),
      yesNo(l.credited),
    ]);
  });
  const totalRow = (kind: string, count: number, sen: number) =>
    row(['T', count, council, day, kind, '', '', '', '', '', '', '', '', '', sen, rm(sen), '', '']);
  out += totalRow('credit', trailer.credits.lines, trailer.credits.sen);
  out += totalRow('refund', trailer.refunds.lines, trailer.refunds.sen);
  out += totalRow('late_approval', trailer.lateApprovals.lines, trailer.lateApprovals.sen);
  out += totalRow(
    'late_owed_back',
    lines.filter((l) => l.kind === 'late_approval' && !l.credited).length,
    trailer.lateApprovals.owedBackSen,
  );
  out += totalRow('net', trailer.credits.lines + trailer.refunds.lines, trailer.netSen);
  out += row(['T', trailer.lines, council, day, 'all', '', '', '', '', '', '', '', '', '', '', '', '', '']);
  return out;
}

/**
 * The JSON Lines layout (UTF-8, LF): one object per line, `{"record":"line","lineNo":1,...}` for each line (the
 * fields of CollectionLine, with council, day and amountRm), then one `{"record":"trailer",...}` (the
 * CollectionTrailer, each sum with its RM beside it).
 */
function jsonl(trailer: CollectionTrailer, lines: readonly CollectionLine[]): string {
  const { council, day } = trailer;
  const withRm = <T extends { sen: number }>(t: T) => ({ ...t, rm: rm(t.sen) });
  let out = '';
  lines.forEach((l, n) => {
    out += `${JSON.stringify({ record: 'line', lineNo: n + 1, council, day, ...l, amountRm: rm(l.amountSen) })}\n`;
  });
  out += `${JSON.stringify({
    record: 'trailer',
    ...trailer,
    credits: withRm(trailer.credits),
    refunds: withRm(trailer.refunds),
    lateApprovals: { ...withRm(trailer.lateApprovals), owedBackRm: rm(trailer.lateApprovals.owedBackSen) },
    netRm: rm(trailer.netSen),
  })}\n`;
  return out;
}

export interface RenderedCollectionFile {
  format: CollectionFileFormat;
  content: Buffer;
  sha256: string;
}

/** A day's file in one format: a pure function of its lines, so the same day gives the same bytes. */
export function renderCollectionFile(
  format: CollectionFileFormat,
  council: string,
  day: string,
  unsorted: CollectionLine[],
): RenderedCollectionFile {
  const lines = sortLines(unsorted);
  const trailer = trailerOf(council, day, lines);
  const content = Buffer.from(format === 'csv' ? csv(trailer, lines) : jsonl(trailer, lines), 'utf8');
  return { format, content, sha256: createHash('sha256').update(content).digest('hex') };
}
