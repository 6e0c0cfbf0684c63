import { describe, it, expect } from 'vitest';
import {
  ASSESSMENT_SELECTIONS,
  DEFAULT_ASSESSMENT_SELECTION,
  assessmentAmountFor,
  applyAssessmentBreakdown,
  applyAssessmentCredit,
  assessmentBreakdown,
  assessmentOwedSen,
  breakdownOwedSen,
  creditAssessmentBreakdown,
  isAssessmentBreakdown,
  reapplyAssessmentCredit,
  restoreAssessmentCredit,
  assessmentPaidUntil,
  isAssessmentSelection,
  type AssessmentAmounts,
} from './assessment';

const assessment: AssessmentAmounts = {
  asumYear: 2026,
  currentYearSen: 48_000, // RM 480.00, four instalments of RM 120.00
  arrearsSen: 12_050, // RM 120.50
  discountSen: 2_400, // RM 24.00
  specialDiscountSen: 1_000, // RM 10.00
  gstSen: 0,
};

describe('assessmentAmountFor', () => {
  it('selection 1 pays arrears and the whole assessment year, without discounts', () => {
    expect(assessmentAmountFor(1, assessment)).toBe(60_050);
  });

  it('selection 2 pays the arrears only', () => {
    expect(assessmentAmountFor(2, assessment)).toBe(12_050);
  });

  it('selection 3 is the full payment: arrears plus the year less both discounts', () => {
    expect(assessmentAmountFor(3, assessment)).toBe(12_050 + 48_000 - 2_400 - 1_000);
  });

  it('selection 4 divides the full payment by 100, rounding halves up', () => {
    expect(assessmentAmountFor(4, assessment)).toBe(567); // 56_650 / 100 = 566.5
    expect(assessmentAmountFor(4, { ...assessment, arrearsSen: 12_049 })).toBe(566); // 566.49
  });

  it('adds GST to the selections that pay the assessment year, not to arrears only', () => {
    const taxed = { ...assessment, gstSen: 500 };
    expect(assessmentAmountFor(1, taxed)).toBe(60_550);
    expect(assessmentAmountFor(2, taxed)).toBe(12_050);
    expect(assessmentAmountFor(3, taxed)).toBe(57_150);
  });

  it('does not clamp: discounts larger than the amount give a non-positive amount to be skipped', () => {
    const nothingOwed = { ...assessment, arrearsSen: 0, currentYearSen: 1_000, discountSen: 1_000 };
    expect(assessmentAmountFor(3, nothingOwed)).toBe(-1_000);
    expect(assessmentAmountFor(2, nothingOwed)).toBe(0);
  });

  it('refuses amounts that are not integer sen', () => {
    expect(() => assessmentAmountFor(3, { ...assessment, arrearsSen: 10.5 })).toThrow(RangeError);
  });
});

describe('assessmentPaidUntil', () => {
  it('selections 1, 3 and 4 pay until the 4th instalment of the assessment year', () => {
    for (const selection of [1, 3, 4] as const) {
      expect(assessmentPaidUntil(selection, assessment)).toEqual({ year: 2026, instalment: 4 });
    }
  });

  it('selection 2 pays until the 4th instalment of the previous year', () => {
    expect(assessmentPaidUntil(2, assessment)).toEqual({ year: 2025, instalment: 4 });
  });
});

describe('selections', () => {
  it('are 1 to 4 with full payment as the default', () => {
    expect(ASSESSMENT_SELECTIONS).toEqual([1, 2, 3, 4]);
    expect(DEFAULT_ASSESSMENT_SELECTION).toBe(3);
  });

  it('recognises valid selections only', () => {
    expect(isAssessmentSelection(4)).toBe(true);
    expect(isAssessmentSelection(0)).toBe(false);
    expect(isAssessmentSelection('3')).toBe(false);
  });
});

describe('crediting a paid assessment', () => {
  const account = {
    asumYear: 2026,
    currentYearSen: 36_000,
    arrearsSen: 14_650,
    discountSen: 1_000,
    specialDiscountSen: 1_000,
    gstSen: 0,
  };

  it('settles the whole account on a full payment, granting the discounts', () => {
    const paid = assessmentAmountFor(3, account);
    const credit = applyAssessmentCredit(account, 3, paid);
    expect(paid).toBe(48_650);
    expect(credit.creditSen).toBe(50_650);
    expect(assessmentOwedSen(credit.amounts)).toBe(0);
  });

  it('settles only the arrears on selection 2', () => {
    const credit = applyAssessmentCredit(account, 2, 14_650);
    expect(credit.amounts).toMatchObject({ arrearsSen: 0, currentYearSen: 36_000 });
    expect(credit.creditSen).toBe(14_650);
  });

  it('takes a part payment from the arrears first', () => {
    const credit = applyAssessmentCredit(account, 4, 20_000);
    expect(credit.amounts).toMatchObject({ arrearsSen: 0, currentYearSen: 30_650 });
    expect(credit.creditSen).toBe(20_000);
  });
});

describe('assessment credit by the priced breakdown', () => {
  const priced = {
    asumYear: 2026,
    currentYearSen: 10_000,
    arrearsSen: 0,
    discountSen: 1_000,
    specialDiscountSen: 0,
    gstSen: 0,
  };

  it('applies what was priced and never what was posted since: RM 90 paid never clears RM 600', () => {
    const breakdown = assessmentBreakdown(priced, 3, 9_000);
    expect(breakdown).toEqual({
      arrearsSen: 0,
      currentYearSen: 10_000,
      gstSen: 0,
      discountSen: 1_000,
      specialDiscountSen: 0,
    });
    const now = applyAssessmentBreakdown({ ...priced, arrearsSen: 50_000 }, breakdown);
    expect(now).toMatchObject({ arrearsSen: 50_000, currentYearSen: 0, discountSen: 0 });
    expect(assessmentOwedSen(now)).toBe(50_000);
  });

  it('never takes a component below zero', () => {
    const breakdown = assessmentBreakdown(priced, 1, 10_000);
    expect(applyAssessmentBreakdown({ ...priced, currentYearSen: 4_000 }, breakdown).currentYearSen).toBe(0);
    expect(isAssessmentBreakdown(breakdown)).toBe(true);
    expect(isAssessmentBreakdown({ arrearsSen: -1 })).toBe(false);
  });
});

describe('crediting a breakdown and reversing it', () => {
  const account: AssessmentAmounts = {
    asumYear: 2026,
    currentYearSen: 10_000,
    arrearsSen: 3_000,
    discountSen: 1_000,
    specialDiscountSen: 500,
    gstSen: 600,
  };

  it('a component reduced since pricing leaves that much of the payment owed back, never dropped', () => {
    const breakdown = assessmentBreakdown(account, 3, 12_100);
    // The council took RM 25.00 off the year between pricing and approval.
    const credit = creditAssessmentBreakdown({ ...account, currentYearSen: 7_500 }, breakdown, 12_100);
    expect(credit.taken).toEqual({ ...breakdown, currentYearSen: 7_500 });
    expect(credit.uncreditedSen).toBe(2_500);
    expect(assessmentOwedSen(credit.amounts)).toBe(0);
    // Unchanged, or grown: everything is credited.
    expect(creditAssessmentBreakdown(account, breakdown, 12_100).uncreditedSen).toBe(0);
    expect(creditAssessmentBreakdown({ ...account, arrearsSen: 9_000 }, breakdown, 12_100).uncreditedSen).toBe(0);
    // Never more than was paid (selection 4 pays a hundredth).
    const tiny = assessmentBreakdown(account, 4, 121);
    expect(creditAssessmentBreakdown({ ...account, arrearsSen: 0 }, tiny, 121).uncreditedSen).toBe(121);
  });

  it('a whole reversal restores every component the credit took, exactly, discounts included', () => {
    const breakdown = assessmentBreakdown(account, 3, 12_100);
    const credit = creditAssessmentBreakdown(account, breakdown, 12_100);
    const total = breakdownOwedSen(credit.taken);
    expect(total).toBe(13_600);
    expect(restoreAssessmentCredit(credit.amounts, credit.taken, 0, total)).toEqual(account);
    // What the council posted since stays as it is on top.
    const later = { ...credit.amounts, arrearsSen: 400 };
    expect(restoreAssessmentCredit(later, credit.taken, 0, total)).toEqual({ ...account, arrearsSen: 3_400 });
  });

  it('reversed in parts, the parts add up to the whole: tax, then the year, then arrears; discounts with the last', () => {
    const breakdown = assessmentBreakdown(account, 3, 12_100);
    const credit = creditAssessmentBreakdown(account, breakdown, 12_100);
    const first = restoreAssessmentCredit(credit.amounts, credit.taken, 0, 5_000);
    expect(first).toMatchObject({ gstSen: 600, currentYearSen: 4_400, arrearsSen: 0, discountSen: 0 });
    expect(assessmentOwedSen(first)).toBe(5_000);
    const second = restoreAssessmentCredit(first, credit.taken, 5_000, 8_600);
    expect(second).toEqual(account);
    // A part payment's credit (selection 4) goes back to the components it took.
    const part = creditAssessmentBreakdown(account, assessmentBreakdown(account, 4, 121), 121);
    expect(restoreAssessmentCredit(part.amounts, part.taken, 0, breakdownOwedSen(part.taken))).toEqual(account);
  });

  it('a corrected reversal takes back exactly what it gave: the account is as credited again', () => {
    const breakdown = assessmentBreakdown(account, 3, 12_100);
    const credit = creditAssessmentBreakdown(account, breakdown, 12_100);
    const reversed = restoreAssessmentCredit(credit.amounts, credit.taken, 0, 13_600);
    expect(reapplyAssessmentCredit(reversed, credit.taken, 13_600, 13_600)).toEqual(credit.amounts);
    // A part reversed, then corrected: the tax and the year go back down, the discounts were never given back.
    const first = restoreAssessmentCredit(credit.amounts, credit.taken, 0, 5_000);
    expect(reapplyAssessmentCredit(first, credit.taken, 5_000, 5_000)).toEqual(credit.amounts);
    // Two parts reversed, the last one corrected: as after the first part.
    const second = restoreAssessmentCredit(first, credit.taken, 5_000, 8_600);
    expect(reapplyAssessmentCredit(second, credit.taken, 13_600, 8_600)).toEqual(first);
  });

  it('a correction the account no longer owes (paid again since) takes nothing', () => {
    const breakdown = assessmentBreakdown(account, 3, 12_100);
    const credit = creditAssessmentBreakdown(account, breakdown, 12_100);
    expect(reapplyAssessmentCredit(credit.amounts, credit.taken, 13_600, 13_600)).toBeNull();
  });
});
