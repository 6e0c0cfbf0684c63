import { describe, expect, it } from 'vitest';
import { PAYABLE_TYPES, type PayableType } from '../payable-types';
import type { CellValue } from './cells';
import { checkBillDetails, parseBillRow, readBillHeader } from './layouts';

const OWNER = { council: 'mdpg', owner_name: 'LIM AH KOW', owner_id_no: '600707125333' };

/** One full row per payable type, as a council's file would carry it. */
const ROWS: Record<PayableType, Record<string, CellValue>> = {
  assessment: { ...OWNER, account_no: 'A-1000-0001', asum_year: '2026', current_year_rm: '360.00', arrears_rm: '0' },
  compound: {
    ...OWNER,
    account_no: 'KMP-2026-000101',
    balance_rm: '100.00',
    compound_type: 'individual',
    offence: 'Membuang sampah',
    offence_date: '2026-03-04',
  },
  trading_license: {
    ...OWNER,
    account_no: 'LN-2026-0001',
    balance_rm: '250.00',
    licence_reference: 'R1',
    licence_status: 'active',
    licence_kind: 'niaga',
    premise: 'Lot 5',
  },
  council_permit_license: {
    ...OWNER,
    account_no: 'PRM-0001',
    balance_rm: '50.00',
    licence_reference: 'R2',
    licence_status: 'active',
    licence_kind: 'niaga',
  },
  tenancy: {
    ...OWNER,
    account_no: 'KD-8',
    balance_rm: '600.00',
    premise: 'Gerai 8',
    monthly_rent_rm: '300.00',
    arrears_months: '2',
  },
  booking: { ...OWNER, account_no: 'BK/2026/0001', balance_rm: '80.00', facility: 'Dewan', booking_date: '2026-05-01' },
  engineering: { ...OWNER, account_no: 'ENG-0001', balance_rm: '1200.00', plan_type: 'BUILDING' },
  local_government_charge: {
    ...OWNER,
    account_no: 'LGC-0001',
    description: 'Tapak pesta',
    rate_per_person_per_day_rm: '1.00',
  },
  market_bill: {
    ...OWNER,
    account_no: 'PSR-0001',
    balance_rm: '45.00',
    market: 'Pasar',
    stall_no: 'P1',
    period: '11/2026',
  },
};

function parsed(type: PayableType) {
  const row = ROWS[type];
  const names = Object.keys(row);
  const header = readBillHeader(type, names);
  if (!header.ok) throw new Error(JSON.stringify(header.errors));
  const result = parseBillRow(
    type,
    'mdpg',
    header.header,
    names.map((n) => row[n]),
    2,
  );
  if (!result.ok) throw new Error(`${type}: ${JSON.stringify(result.errors)}`);
  return result.bill;
}

describe('checkBillDetails', () => {
  it.each(PAYABLE_TYPES)('a %s read from a bill file satisfies its layout', (type) => {
    expect(checkBillDetails(type, parsed(type).details)).toEqual({ ok: true });
  });

  it.each<[string, PayableType, unknown, unknown]>([
    ['nothing at all', 'assessment', null, [{ key: '', code: 'invalid' }]],
    ['a list', 'compound', [], [{ key: '', code: 'invalid' }]],
    [
      'an assessment with no breakdown',
      'assessment',
      {},
      [
        { key: 'asumYear', code: 'required' },
        { key: 'currentYearSen', code: 'required' },
        { key: 'arrearsSen', code: 'required' },
      ],
    ],
    [
      'an assessment amount in ringgit text',
      'assessment',
      { asumYear: 2026, currentYearSen: '360.00', arrearsSen: 0 },
      [{ key: 'currentYearSen', code: 'invalid' }],
    ],
    [
      'an assessment amount with a fraction of a sen',
      'assessment',
      { asumYear: 2026, currentYearSen: 100.5, arrearsSen: 0 },
      [{ key: 'currentYearSen', code: 'invalid' }],
    ],
    [
      'a negative discount',
      'assessment',
      { asumYear: 2026, currentYearSen: 100, arrearsSen: -50, discountSen: -1 },
      [{ key: 'discountSen', code: 'invalid' }],
    ],
    [
      'a year out of range',
      'assessment',
      { asumYear: 26, currentYearSen: 1, arrearsSen: 0 },
      [{ key: 'asumYear', code: 'invalid' }],
    ],
    [
      'a compound type not in the list',
      'compound',
      { compoundType: 'parking', offence: 'x' },
      [{ key: 'compoundType', code: 'invalid' }],
    ],
    [
      'a booking date not YYYY-MM-DD',
      'booking',
      { facility: 'Dewan', date: '01/05/2026' },
      [{ key: 'date', code: 'invalid' }],
    ],
    [
      'a booking on no real day',
      'booking',
      { facility: 'Dewan', date: '2026-02-30' },
      [{ key: 'date', code: 'invalid' }],
    ],
    [
      'a tenancy with months as text',
      'tenancy',
      { premise: 'Gerai', monthlyRentSen: 30_000, arrearsMonths: '2' },
      [{ key: 'arrearsMonths', code: 'invalid' }],
    ],
    [
      'a market bill missing its stall',
      'market_bill',
      { market: 'Pasar', period: '11/2026', stallNo: '  ' },
      [{ key: 'stallNo', code: 'invalid' }],
    ],
    [
      'a licence flag that is not yes/no',
      'trading_license',
      { arrearsOnly: 'no' },
      [{ key: 'arrearsOnly', code: 'invalid' }],
    ],
    [
      'a formula in text',
      'compound',
      { compoundType: 'trading', offence: '=HYPERLINK()' },
      [{ key: 'offence', code: 'invalid' }],
    ],
  ])('refuses %s', (_what, type, details, errors) => {
    expect(checkBillDetails(type, details)).toEqual({ ok: false, errors });
  });

  it('leaves keys the layout does not name alone (a council extra kept from the ledger)', () => {
    expect(checkBillDetails('engineering', { anything: ['else'] })).toEqual({ ok: true });
  });
});
