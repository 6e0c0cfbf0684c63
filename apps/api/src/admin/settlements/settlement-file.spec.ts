import { describe, expect, it } from 'vitest';
import { SETTLEMENT_MAX_LINES } from '@councilpay/domain';
import { parseSettlementFile, settlementDay } from './settlement-file';

const ORDER = '20261123000000000001';

describe('settlement file', () => {
  it('reads every line, skipping a header, a BOM and blank lines; 00 or approved is an approval', () => {
    const parsed = parseSettlementFile(
      `\uFEFFdate,seller order no,fpx transaction id,amount,status\r\n23/11/2026,${ORDER},2611231000001,42.00,00\r\n\r\n2026-11-23,"20261123000000000002",2611231000002,"1,234.50",Rejected\n`,
    );
    expect(parsed).toEqual({
      ok: true,
      lines: [
        {
          line: 2,
          date: '2026-11-23',
          sellerOrderNo: ORDER,
          fpxTxnId: '2611231000001',
          amountSen: 4_200,
          bankStatus: '00',
          bankApproved: true,
        },
        {
          line: 4,
          date: '2026-11-23',
          sellerOrderNo: '20261123000000000002',
          fpxTxnId: '2611231000002',
          amountSen: 123_450,
          bankStatus: 'Rejected',
          bankApproved: false,
        },
      ],
    });
  });

  it('refuses the whole file with an error per bad line and field', () => {
    const parsed = parseSettlementFile(
      [
        `31/02/2026,${ORDER},T1,10.00,00`,
        `23/11/2026,123,T1,10.001,00`,
        `23/11/2026,${ORDER},T 1,-5,maybe`,
        `23/11/2026,${ORDER}`,
        `23/11/2026,${ORDER},T2,10.00,00`,
        `23/11/2026,${ORDER},T2,10.00,00`,
      ].join('\n'),
    );
    expect(parsed).toEqual({
      ok: false,
      errors: [
        { line: 1, code: 'date', value: '31/02/2026' },
        { line: 2, code: 'order_no', value: '123' },
        { line: 2, code: 'amount', value: '10.001' },
        { line: 3, code: 'txn_id', value: 'T 1' },
        { line: 3, code: 'amount', value: '-5' },
        { line: 3, code: 'status', value: 'maybe' },
        { line: 4, code: 'columns', value: `23/11/2026,${ORDER}` },
        { line: 6, code: 'duplicate', value: `${ORDER} T2` },
      ],
    });
  });

  it(`refuses more than ${SETTLEMENT_MAX_LINES} lines`, () => {
    const line = (n: number) => `23/11/2026,${ORDER},T${n},1.00,00`;
    expect(parseSettlementFile(Array.from({ length: SETTLEMENT_MAX_LINES + 1 }, (_, n) => line(n)).join('\n'))).toEqual(
      {
        ok: false,
        errors: [],
        tooManyLines: true,
      },
    );
  });

  it('reads days as DD/MM/YYYY or YYYY-MM-DD, real ones only', () => {
    expect(settlementDay('01/12/2026')).toBe('2026-12-01');
    expect(settlementDay('2026-12-01')).toBe('2026-12-01');
    expect(settlementDay('29/02/2027')).toBeNull();
    expect(settlementDay('1/12/2026')).toBeNull();
  });
});
