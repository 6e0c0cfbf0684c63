import { describe, expect, it } from 'vitest';
import { assessmentCharge, readAssessmentBill, type AssessmentAmounts } from './assessment';

const BREAKDOWN: AssessmentAmounts = {
  asumYear: 2026,
  currentYearSen: 48_000,
  arrearsSen: 12_050,
  discountSen: 2_400,
  specialDiscountSen: 1_000,
  gstSen: 0,
};

describe('readAssessmentBill', () => {
  it.each<[string, unknown, string]>([
    ['a whole breakdown', BREAKDOWN, 'breakdown'],
    ['a breakdown with arrears in credit', { ...BREAKDOWN, arrearsSen: -500 }, 'breakdown'],
    ['a breakdown beside other details', { ...BREAKDOWN, houseNo: '12' }, 'breakdown'],
    ['no details at all', {}, 'balance'],
    ['details without a breakdown', { houseNo: '12' }, 'balance'],
    ['null details', null, 'balance'],
    ['a breakdown missing its tax', { ...BREAKDOWN, gstSen: undefined }, 'unpriceable'],
    ['only the year', { asumYear: 2026 }, 'unpriceable'],
    ['an amount as ringgit text', { ...BREAKDOWN, currentYearSen: '480.00' }, 'unpriceable'],
    ['a fraction of a sen', { ...BREAKDOWN, gstSen: 0.5 }, 'unpriceable'],
    ['a negative discount', { ...BREAKDOWN, discountSen: -1 }, 'unpriceable'],
    ['a year that is no year', { ...BREAKDOWN, asumYear: 26 }, 'unpriceable'],
  ])('%s: %s', (_what, details, kind) => {
    expect(readAssessmentBill(details).kind).toBe(kind);
  });
});

describe('assessmentCharge', () => {
  it.each<[string, unknown, number, unknown, unknown]>([
    [
      'full payment by default',
      BREAKDOWN,
      60_050,
      undefined,
      { ok: true, amountSen: 56_650, creditSen: 60_050, selection: 3 },
    ],
    ['arrears only', BREAKDOWN, 60_050, 2, { ok: true, amountSen: 12_050, creditSen: 12_050, selection: 2 }],
    ['until the 4th instalment', BREAKDOWN, 60_050, 1, { ok: true, amountSen: 60_050, selection: 1 }],
    ['a hundredth', BREAKDOWN, 60_050, 4, { ok: true, amountSen: 567, creditSen: 567, selection: 4 }],
    [
      'no breakdown: the balance as one amount',
      {},
      28_707,
      undefined,
      { ok: true, amountSen: 28_707, creditSen: 28_707, selection: null, breakdown: null },
    ],
    [
      'no breakdown, full payment asked',
      {},
      28_707,
      3,
      { ok: true, amountSen: 28_707, creditSen: 28_707, selection: null, breakdown: null },
    ],
    [
      'no breakdown, a credit balance: nothing to pay, nothing credited',
      {},
      -500,
      undefined,
      { ok: true, amountSen: -500, creditSen: 0, selection: null },
    ],
    ['no breakdown, arrears only asked', {}, 28_707, 2, { ok: false, code: 'selection_unavailable' }],
    ['a selection that is none', BREAKDOWN, 60_050, 5, { ok: false, code: 'selection_invalid' }],
    [
      'half a breakdown',
      { asumYear: 2026, currentYearSen: 100 },
      100,
      undefined,
      { ok: false, code: 'bill_unpriceable' },
    ],
    [
      'amounts that are not sen',
      { ...BREAKDOWN, arrearsSen: '120.50' },
      100,
      3,
      { ok: false, code: 'bill_unpriceable' },
    ],
  ])('%s', (_what, details, balanceSen, selection, expected) => {
    expect(assessmentCharge(details, balanceSen, selection)).toMatchObject(expected as object);
  });

  it('a priced breakdown settles what the full payment covers', () => {
    const charge = assessmentCharge(BREAKDOWN, 60_050, 3);
    expect(charge.ok && charge.breakdown).toEqual({
      arrearsSen: 12_050,
      currentYearSen: 48_000,
      gstSen: 0,
      discountSen: 2_400,
      specialDiscountSen: 1_000,
    });
  });
});
