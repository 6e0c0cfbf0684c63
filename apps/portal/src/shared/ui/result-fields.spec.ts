import { describe, expect, it } from 'vitest';
import { displayDate, displayFields, displayMonthYear, planTypeKey, type DisplayedBill } from './result-fields';

function bill(overrides: Partial<DisplayedBill>): DisplayedBill {
  return {
    type: 'compound',
    displayNo: 'KMP-2026-000106',
    planType: '',
    ownerName: 'WON************',
    ownerIdNo: '********6789',
    address: null,
    balanceSen: 3_000,
    minimumPaymentSen: null,
    paidUntilYear: null,
    paidUntilMonth: null,
    details: {},
    licence: null,
    ...overrides,
  };
}

const valueOf = (fields: ReturnType<typeof displayFields>, label: string) =>
  fields.find((field) => field.label === label)?.value;

describe('display rules', () => {
  it('shows money as RM with 2 decimals', () => {
    const fields = displayFields(bill({ balanceSen: 123_450, minimumPaymentSen: 15_000 }));
    expect(valueOf(fields, 'balance')).toEqual({ text: 'RM 1,234.50' });
    expect(valueOf(fields, 'minimum_payment')).toEqual({ text: 'RM 150.00' });
  });

  it('shows dates as DD/MM/YYYY', () => {
    expect(displayDate('2026-10-02')).toBe('02/10/2026');
    expect(displayDate('2026-12-31T20:00:00.000Z')).toBe('01/01/2027'); // Malaysia time
    expect(displayDate('01/01/2019')).toBe('01/01/2019');
    const fields = displayFields(bill({ details: { offenceDate: '2026-11-10' } }));
    expect(valueOf(fields, 'offence_date')).toEqual({ text: '10/11/2026' });
  });

  it('cuts long text at 70 characters', () => {
    const long = 'Lot 12, Taman Kasigui, Jalan Penampang, 89500 Penampang, Sabah, Malaysia, Borneo';
    const fields = displayFields(bill({ address: long }));
    expect(valueOf(fields, 'address')).toEqual({ text: `${long.slice(0, 70).trimEnd()}...` });
  });

  it('shows the masked name and identity number as the API sent them', () => {
    const fields = displayFields(bill({}));
    expect(valueOf(fields, 'name')).toEqual({ text: 'WON************' });
    expect(valueOf(fields, 'id_no')).toEqual({ text: '********6789' });
  });

  it("shows each type's own fields, translated where they are codes", () => {
    const compound = displayFields(bill({ details: { compoundType: 'vehicle', vehicleNo: 'SAB 1234 A' } }));
    expect(valueOf(compound, 'compound_type')).toEqual({ key: 'compound_types.vehicle' });
    expect(valueOf(compound, 'vehicle_no')).toEqual({ text: 'SAB 1234 A' });

    const licence = displayFields(
      bill({
        type: 'trading_license',
        paidUntilYear: 2025,
        paidUntilMonth: 12,
        details: { natureOfBusiness: 'Kedai kopi', arrearsOnly: false },
        licence: {
          licenceNo: 'LP-2025-0001',
          reference: 'MDPG-LP-0001',
          statusl: 'active',
          mKodType: 'niaga',
          kind: 'niaga',
          renewableOnline: true,
          renewalYears: 1,
          renewalMonths: 0,
        },
      }),
    );
    expect(valueOf(licence, 'statusl')).toEqual({ key: 'licence_states.active' });
    expect(valueOf(licence, 'arrears_only')).toEqual({ key: 'common.no' });
    expect(valueOf(licence, 'paid_until')).toEqual({ text: '12/2025' });
    expect(valueOf(licence, 'renewal_period')).toEqual({ key: 'licence_periods.years', values: { count: 1 } });

    const engineering = displayFields(bill({ type: 'engineering', planType: 'PRIVATE BUILDING' }));
    expect(valueOf(engineering, 'plan_type')).toEqual({ key: 'plan_types.private_building' });
  });

  it('names a sub-item by its kind, not its code (iklan, kakilima)', () => {
    const signboard = displayFields(bill({ type: 'trading_license', details: { subhead: 'iklan' } }));
    expect(valueOf(signboard, 'subhead')).toEqual({ key: 'licence_kinds.iklan' });
    const walkway = displayFields(bill({ type: 'trading_license', details: { subhead: 'kakilima' } }));
    expect(valueOf(walkway, 'subhead')).toEqual({ key: 'licence_kinds.kakilima' });
  });

  it("counts a tenancy's months in arrears from what it still owes", () => {
    const details = { monthlyRentSen: 15_000, arrearsMonths: 3 };
    expect(valueOf(displayFields(bill({ type: 'tenancy', balanceSen: 45_000, details })), 'arrears_months')).toEqual({
      text: '3',
    });
    // A part payment of two months' rent.
    expect(valueOf(displayFields(bill({ type: 'tenancy', balanceSen: 15_000, details })), 'arrears_months')).toEqual({
      text: '1',
    });
    expect(valueOf(displayFields(bill({ type: 'tenancy', balanceSen: 0, details })), 'arrears_months')).toEqual({
      text: '0',
    });
  });

  it('leaves out fields the bill does not have', () => {
    const fields = displayFields(bill({ ownerIdNo: null, details: {} }));
    expect(fields.map((field) => field.label)).toEqual(['name', 'balance']);
  });

  it('reads unknown plan types as engineering and months as MM/YYYY', () => {
    expect(planTypeKey('DRAINAGE')).toBe('engineering');
    expect(displayMonthYear(2026, 6)).toBe('06/2026');
    expect(displayMonthYear(2026, null)).toBe('2026');
  });
});
