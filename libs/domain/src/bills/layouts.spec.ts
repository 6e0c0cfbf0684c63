import { describe, expect, it } from 'vitest';
import { assessmentAmountFor } from '../assessment';
import { PAYABLE_TYPES, type PayableType } from '../payable-types';
import type { CellValue } from './cells';
import { BILL_LAYOUTS, MAX_BILL_COLUMNS, billTemplateHeader, parseBillRow, readBillHeader } from './layouts';

/** Reads a header and one row given as column → cell, the way the file reader would hand them over. */
function read(type: PayableType, row: Record<string, CellValue>, council = 'mdpg' as const) {
  const names = Object.keys(row);
  const header = readBillHeader(type, names);
  if (!header.ok) throw new Error(JSON.stringify(header.errors));
  return parseBillRow(
    type,
    council,
    header.header,
    names.map((n) => row[n]),
    2,
  );
}

function bill(type: PayableType, row: Record<string, CellValue>) {
  const result = read(type, row);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.bill;
}

function codes(type: PayableType, row: Record<string, CellValue>) {
  const result = read(type, row);
  return result.ok ? [] : result.errors.map((e) => `${e.column}:${e.code}`);
}

const OWNER = { council: 'mdpg', owner_name: 'LIM AH KOW', owner_id_no: '600707125333' };
const ASSESSMENT = {
  ...OWNER,
  account_no: 'A-1000-0001',
  asum_year: '2026',
  current_year_rm: '360.00',
  arrears_rm: '146.50',
  discount_rm: '10.00',
  special_discount_rm: '10.00',
  gst_rm: '',
};

describe('bill layouts', () => {
  it('has a layout for every payable type, each column named once, council and account first', () => {
    for (const type of PAYABLE_TYPES) {
      const names = billTemplateHeader(type);
      expect(new Set(names).size).toBe(names.length);
      expect(names.slice(0, 2)).toEqual(['council', 'account_no']);
      expect(names.length).toBeLessThanOrEqual(MAX_BILL_COLUMNS);
      expect(BILL_LAYOUTS[type].every((c) => c.describe.length > 0)).toBe(true);
    }
  });

  it('reads an assessment with every amount the 1-4 selection needs, its balance what its parts owe', () => {
    const a = bill('assessment', ASSESSMENT);
    expect(a).toMatchObject({
      accountNo: 'A10000001',
      displayNo: 'A-1000-0001',
      balanceSen: 50_650,
      ownerIdNo: '600707125333',
      address: null,
      details: {
        asumYear: 2026,
        currentYearSen: 36_000,
        arrearsSen: 14_650,
        discountSen: 1_000,
        specialDiscountSen: 1_000,
        gstSen: 0,
      },
    });
    const amounts = a.details as unknown as Parameters<typeof assessmentAmountFor>[1];
    expect([1, 2, 3, 4].map((s) => assessmentAmountFor(s as 1 | 2 | 3 | 4, amounts))).toEqual([
      50_650, 14_650, 48_650, 487,
    ]);
  });

  it('refuses an assessment without the amounts the selection needs', () => {
    expect(codes('assessment', { ...ASSESSMENT, arrears_rm: '' })).toEqual(['arrears_rm:required']);
    expect(readBillHeader('assessment', ['council', 'account_no', 'owner_name', 'balance_rm'])).toMatchObject({
      ok: false,
      errors: [
        { code: 'unknown_column', column: 'balance_rm' },
        { code: 'missing_column', column: 'asum_year' },
        { code: 'missing_column', column: 'current_year_rm' },
        { code: 'missing_column', column: 'arrears_rm' },
      ],
    });
  });

  it('reads a tenancy with its rent and arrears, and a minimum payment no more than the balance', () => {
    const row = {
      ...OWNER,
      account_no: 'GR 12',
      balance_rm: '450.00',
      minimum_payment_rm: '150',
      premise: 'Gerai No. 12',
      monthly_rent_rm: '150.00',
      arrears_months: '3',
    };
    expect(bill('tenancy', row)).toMatchObject({
      accountNo: 'GR12',
      balanceSen: 45_000,
      minimumPaymentSen: 15_000,
      details: { premise: 'Gerai No. 12', monthlyRentSen: 15_000, arrearsMonths: 3 },
    });
    expect(codes('tenancy', { ...row, minimum_payment_rm: '450.01' })).toEqual([
      'minimum_payment_rm:minimum_above_balance',
    ]);
  });

  it('reads a licence with its licence record, defaults stated in the layout', () => {
    const row = {
      ...OWNER,
      account_no: 'LP-2025-0001',
      balance_rm: '360',
      licence_reference: 'MDPG-LP-0001',
      licence_status: 'active',
      licence_kind: 'niaga',
      paid_until_year: '2025',
      paid_until_month: '12',
    };
    expect(bill('trading_license', row)).toMatchObject({
      accountNo: 'LP20250001',
      paidUntilYear: 2025,
      paidUntilMonth: 12,
      parentAccountNo: null,
      details: { arrearsOnly: false },
      licence: {
        reference: 'MDPG-LP-0001',
        statusl: 'active',
        kind: 'niaga',
        mKodType: 'niaga',
        printCode: null,
        renewableOnline: true,
        renewalYears: 1,
        renewalMonths: 0,
      },
    });
    expect(bill('council_permit_license', row).licence?.mKodType).toBe('general');
    expect(codes('trading_license', { ...row, licence_reference: '', licence_kind: 'x' })).toEqual([
      'licence_kind:choice_invalid',
      'licence_reference:licence_columns_required',
      'licence_kind:licence_columns_required',
    ]);
  });

  it('reads a dependent item without a licence record, refusing licence columns on it', () => {
    const row = { ...OWNER, account_no: 'LP-2025-0001-IK1', balance_rm: '120', parent_account_no: 'LP-2025-0001' };
    expect(bill('trading_license', row)).toMatchObject({ parentAccountNo: 'LP20250001', licence: null });
    expect(codes('trading_license', { ...row, licence_status: 'active' })).toEqual([
      'licence_status:dependent_licence_columns',
    ]);
    expect(codes('trading_license', { ...row, parent_account_no: 'LP2025-0001-IK1' })).toEqual([
      'parent_account_no:parent_invalid',
    ]);
  });

  it('reads engineering by plan type, compounds, bookings, market bills and local government charges', () => {
    expect(
      bill('engineering', { ...OWNER, account_no: 'JK/BUI/2026/0103', balance_rm: '850', plan_type: 'building' }),
    ).toMatchObject({ accountNo: 'JKBUI20260103', planType: 'BUILDING' });
    expect(
      bill('compound', {
        ...OWNER,
        account_no: 'KMP-2026-000106',
        balance_rm: '30',
        compound_type: 'vehicle',
        offence: 'Letak kereta tanpa kupon',
        offence_date: new Date(Date.UTC(2026, 10, 10)),
        vehicle_no: 'SAB 1234 A',
      }).details,
    ).toEqual({
      compoundType: 'vehicle',
      offence: 'Letak kereta tanpa kupon',
      offenceDate: '2026-11-10',
      vehicleNo: 'SAB 1234 A',
    });
    expect(
      bill('booking', {
        ...OWNER,
        account_no: 'BK-2026-00017',
        balance_rm: '600',
        facility: 'Dewan',
        booking_date: '2026-12-12',
      }).details,
    ).toEqual({ facility: 'Dewan', date: '2026-12-12' });
    expect(
      bill('market_bill', {
        ...OWNER,
        account_no: 'MB-0012',
        balance_rm: '90',
        market: 'Tamu',
        stall_no: '12',
        period: '11/2026',
      }).balanceSen,
    ).toBe(9_000);
    expect(
      bill('local_government_charge', {
        ...OWNER,
        account_no: 'LGC-TAPAK',
        description: 'Caj tapak',
        rate_per_person_per_day_rm: '1.00',
      }),
    ).toMatchObject({ balanceSen: 0, details: { ratePerPersonPerDaySen: 100 } });
  });

  it("refuses another council's rows, bad account numbers and cells beyond the header, reporting every reason", () => {
    const row = { ...ASSESSMENT, council: 'mps', account_no: "A'1", current_year_rm: '1,000.00' };
    const result = read('assessment', row);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { line: 2, column: 'current_year_rm', value: '1,000.00', code: 'amount_thousands_separator' },
      { line: 2, column: 'council', value: 'mps', code: 'other_council' },
      { line: 2, column: 'account_no', value: "A'1", code: 'account_invalid' },
    ]);
    expect(codes('assessment', { ...ASSESSMENT, council: 'nowhere' })).toEqual(['council:choice_invalid']);

    const header = readBillHeader('market_bill', billTemplateHeader('market_bill'));
    if (!header.ok) throw new Error('header');
    const cells = ['mdpg', 'MB-1', 'A', '', '', '1', 'Tamu', '1', '11/2026', 'extra'];
    expect(parseBillRow('market_bill', 'mdpg', header.header, cells, 7)).toEqual({
      ok: false,
      errors: [{ line: 7, column: '', value: '', code: 'extra_cells' }],
    });
  });

  it('refuses a header that is too wide before reading it, and duplicate or unknown columns', () => {
    const wide = Array.from({ length: 10_000 }, (_, i) => `c${i}`);
    expect(readBillHeader('compound', wide)).toEqual({
      ok: false,
      errors: [{ code: 'too_many_columns', count: 10_000 }],
    });
    const header = [
      '\uFEFFCouncil',
      'ACCOUNT_NO',
      'owner_name',
      'owner_name',
      'balance',
      'balance_rm',
      'market',
      'stall_no',
      'period',
    ];
    expect(readBillHeader('market_bill', header)).toEqual({
      ok: false,
      errors: [
        { code: 'duplicate_column', column: 'owner_name' },
        { code: 'unknown_column', column: 'balance' },
      ],
    });
  });
});
