import { describe, expect, it } from 'vitest';
import { SETTLEMENT_MAX_LINES } from '@councilpay/domain';
import { parseSettlementFile, settlementDay, type SettlementFileLine } from './settlement-file';
import { settlementResultOf, type SettledPayment } from './settlement-match';

const ORDER = '20261123000000000001';
const FPX_HEADER = 'date,seller order no,fpx transaction id,amount,status';
const CARD_HEADER = 'Date,Merchant Reference,Transaction ID,Amount,Status,Auth Code,Card';
const TODAY = '2026-11-26';

describe('settlement file', () => {
  it('reads every line after the header naming the columns, skipping a BOM and blank lines; 00 or approved is an approval', () => {
    const parsed = parseSettlementFile(
      `\uFEFF${FPX_HEADER}\r\n23/11/2026,${ORDER},2611231000001,42.00,00\r\n\r\n2026-11-23,"20261123000000000002",2611231000002,"RM 1234.50",Rejected\n`,
      'fpx',
      TODAY,
    );
    expect(parsed).toEqual({
      ok: true,
      day: '2026-11-23',
      lines: [
        {
          line: 2,
          date: '2026-11-23',
          orderNo: ORDER,
          txnId: '2611231000001',
          amountSen: 4_200,
          bankStatus: '00',
          bankApproved: true,
        },
        {
          line: 4,
          date: '2026-11-23',
          orderNo: '20261123000000000002',
          txnId: '2611231000002',
          amountSen: 123_450,
          bankStatus: 'Rejected',
          bankApproved: false,
        },
      ],
    });
  });

  it("reads a card gateway's file in its own columns: 1 or approved is an approval", () => {
    const parsed = parseSettlementFile(
      [
        CARD_HEADER,
        `23/11/2026,${ORDER},TXN-0001,42.00,1,A1B2C3,Visa`,
        `23/11/2026,20261123000000000002,TXN-0002,10.00,declined,,mastercard`,
      ].join('\n'),
      'card',
      TODAY,
    );
    expect(parsed.ok && parsed.lines.map((l) => [l.orderNo, l.txnId, l.amountSen, l.bankApproved])).toEqual([
      [ORDER, 'TXN-0001', 4_200, true],
      ['20261123000000000002', 'TXN-0002', 1_000, false],
    ]);
    // An FPX file is not a card file.
    expect(parseSettlementFile(`${FPX_HEADER}\n23/11/2026,${ORDER},T1,1.00,00`, 'card', TODAY)).toEqual({
      ok: false,
      errors: [{ line: 1, code: 'header', value: FPX_HEADER }],
    });
  });

  it('refuses the whole file with an error per bad line and field, naming the line', () => {
    const parsed = parseSettlementFile(
      [
        FPX_HEADER,
        `31/02/2026,${ORDER},T1,10.00,00`,
        `23/11/2026,123,T1,10.001,00`,
        `23/11/2026,${ORDER},T 1,-5,maybe`,
        `23/11/2026,${ORDER}`,
        `23/11/2026,${ORDER},T2,10.00,00`,
        `23/11/2026,${ORDER},T2,10.00,00`,
        `23/11/2026,${ORDER},T3,"1,234.50",00`,
        `24/11/2026,${ORDER},T4,10.00,00`,
        `27/11/2026,${ORDER},T5,10.00,00`,
      ].join('\n'),
      'fpx',
      TODAY,
    );
    expect(parsed).toEqual({
      ok: false,
      errors: [
        { line: 2, code: 'date', value: '31/02/2026' },
        { line: 3, code: 'order_no', value: '123' },
        { line: 3, code: 'amount', value: '10.001' },
        { line: 4, code: 'txn_id', value: 'T 1' },
        { line: 4, code: 'amount', value: '-5' },
        { line: 4, code: 'status', value: 'maybe' },
        { line: 5, code: 'columns', value: `23/11/2026,${ORDER}` },
        { line: 7, code: 'duplicate', value: `${ORDER} T2` },
        { line: 8, code: 'thousands_separator', value: '1,234.50' },
        { line: 9, code: 'other_day', value: '24/11/2026' },
        { line: 10, code: 'future_date', value: '27/11/2026' },
      ],
    });
  });

  it('refuses a file whose first line does not name the columns, and one with no lines', () => {
    expect(parseSettlementFile(`23/11/2026,${ORDER},T1,1.00,00`, 'fpx', TODAY)).toMatchObject({
      ok: false,
      errors: [{ line: 1, code: 'header' }],
    });
    expect(parseSettlementFile('date,order,amount\n23/11/2026,1,2', 'fpx', TODAY)).toMatchObject({
      ok: false,
      errors: [{ line: 1, code: 'header' }],
    });
    expect(parseSettlementFile(`${FPX_HEADER}\n\n`, 'fpx', TODAY)).toMatchObject({
      ok: false,
      errors: [{ code: 'empty' }],
    });
    expect(parseSettlementFile('', 'fpx', TODAY)).toMatchObject({ ok: false, errors: [{ code: 'header' }] });
  });

  it(`refuses more than ${SETTLEMENT_MAX_LINES} lines`, () => {
    const line = (n: number) => `23/11/2026,${ORDER},T${n},1.00,00`;
    const lines = Array.from({ length: SETTLEMENT_MAX_LINES + 1 }, (_, n) => line(n));
    expect(parseSettlementFile([FPX_HEADER, ...lines].join('\n'), 'fpx', TODAY)).toEqual({
      ok: false,
      errors: [],
      tooManyLines: true,
    });
  });

  it('reads days as DD/MM/YYYY or YYYY-MM-DD, real ones only', () => {
    expect(settlementDay('01/12/2026')).toBe('2026-12-01');
    expect(settlementDay('2026-12-01')).toBe('2026-12-01');
    expect(settlementDay('29/02/2027')).toBeNull();
    expect(settlementDay('1/12/2026')).toBeNull();
  });
});

describe('a settlement line against our payment', () => {
  const line = (over: Partial<SettlementFileLine> = {}): SettlementFileLine => ({
    line: 2,
    date: '2026-11-23',
    orderNo: ORDER,
    txnId: 'T1',
    amountSen: 4_200,
    bankStatus: '00',
    bankApproved: true,
    ...over,
  });
  const paid: SettledPayment = {
    status: 'paid',
    amountSen: 4_200,
    gatewayTxnId: 'T1',
    createdDay: '2026-11-22',
    paidDay: '2026-11-23',
  };

  it.each([
    ['both agree', line(), paid, 'matched'],
    ['no payment of ours', line(), undefined, 'unknown_order'],
    ['another amount', line({ amountSen: 4_100 }), paid, 'amount_differs'],
    ['another transaction id', line({ txnId: 'T9' }), paid, 'txn_id_differs'],
    ['a day before the payment was made', line({ date: '2026-11-21' }), paid, 'date_differs'],
    ['a day after we learnt it was paid', line({ date: '2026-11-24' }), paid, 'date_differs'],
    ['settled before its answer reached us', line({ date: '2026-11-22' }), paid, 'matched'],
    ['approved at the bank, not with us', line(), { ...paid, status: 'pending', paidDay: null }, 'approved_not_ours'],
    [
      'paid with us, not approved at the bank',
      line({ bankApproved: false, bankStatus: '51' }),
      paid,
      'not_approved_by_bank',
    ],
    ['refunded is still money taken', line(), { ...paid, status: 'refunded' }, 'matched'],
    ['failed on both sides', line({ bankApproved: false }), { ...paid, status: 'failed', paidDay: null }, 'matched'],
  ] as const)('%s: %s', (_what, l, payment, result) => {
    expect(settlementResultOf(l, payment)).toBe(result);
  });
});
