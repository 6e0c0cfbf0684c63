import { describe, expect, it } from 'vitest';
import { checkChargeForm, EMPTY_CHARGE_FORM } from './charge-form';

describe('the local government charge form', () => {
  it('requires every field', () => {
    expect(checkChargeForm(EMPTY_CHARGE_FORM, 100).errors).toEqual({
      customerName: 'field_required',
      totalNoOfPeople: 'field_required',
      startDate: 'field_required',
      endDate: 'field_required',
    });
  });

  it('computes the days from the dates and amount = people x days (at RM 1.00 per person per day)', () => {
    const state = checkChargeForm(
      { customerName: ' Persatuan Belia ', totalNoOfPeople: '25', startDate: '2026-12-01', endDate: '2026-12-03' },
      100,
    );
    expect(state.errors).toEqual({});
    expect(state.days).toBe(3);
    expect(state.amountSen).toBe(7500);
    expect(state.charge).toEqual({
      customerName: 'Persatuan Belia',
      totalNoOfPeople: 25,
      startDate: '2026-12-01',
      endDate: '2026-12-03',
      totalNoOfDays: 3,
    });
  });

  it('refuses an end date before the start date and a number of people that is not a whole number', () => {
    const state = checkChargeForm(
      { customerName: 'A', totalNoOfPeople: '2.5', startDate: '2026-12-03', endDate: '2026-12-01' },
      100,
    );
    expect(state.errors).toEqual({ totalNoOfPeople: 'people_whole_number', endDate: 'end_before_start' });
    expect(state.charge).toBeNull();
    expect(state.amountSen).toBe(0);
  });

  it('never gives an amount below 0', () => {
    const state = checkChargeForm(
      { customerName: 'A', totalNoOfPeople: '0', startDate: '2026-12-01', endDate: '2026-12-01' },
      100,
    );
    expect(state.errors.totalNoOfPeople).toBe('people_whole_number');
    expect(state.amountSen).toBe(0);
  });
});
