/**
 * The local government charge form: customer name, number of people, start and end
 * dates all required; the number of days comes from the dates (libs/domain chargeDays) and the amount is
 * people x days at the charge's rate (chargeAmountSen), never below 0.
 */
import { chargeAmountSen, chargeDays, type Sen } from '@councilpay/domain';
import type { ChargeDetails } from '../../../shared/cart/cart';

export interface ChargeFormValues {
  customerName: string;
  totalNoOfPeople: string;
  startDate: string;
  endDate: string;
}

export const EMPTY_CHARGE_FORM: ChargeFormValues = {
  customerName: '',
  totalNoOfPeople: '',
  startDate: '',
  endDate: '',
};

export type ChargeFieldError = 'field_required' | 'people_whole_number' | 'end_before_start';
export type ChargeFormErrors = Partial<Record<keyof ChargeFormValues, ChargeFieldError>>;

export interface ChargeFormState {
  errors: ChargeFormErrors;
  /** Days from start to end, both counted; null until both dates are valid. */
  days: number | null;
  /** people x days x rate; 0 until the form is complete. */
  amountSen: Sen;
  /** The charge to add to the cart, when the form is complete and valid. */
  charge: ChargeDetails | null;
}

const MAX_PEOPLE = 100_000;

/** The rate of a charge payable (details.ratePerPersonPerDaySen); 0 when it has none. */
export function chargeRateSen(details: Record<string, unknown>): Sen {
  const rate = details.ratePerPersonPerDaySen;
  return typeof rate === 'number' && Number.isSafeInteger(rate) && rate > 0 ? rate : 0;
}

export function checkChargeForm(values: ChargeFormValues, rateSen: Sen): ChargeFormState {
  const errors: ChargeFormErrors = {};
  const customerName = values.customerName.trim();
  if (!customerName) errors.customerName = 'field_required';

  const peopleText = values.totalNoOfPeople.trim();
  const people = /^\d+$/.test(peopleText) ? Number(peopleText) : Number.NaN;
  if (!peopleText) errors.totalNoOfPeople = 'field_required';
  else if (!Number.isSafeInteger(people) || people < 1 || people > MAX_PEOPLE) {
    errors.totalNoOfPeople = 'people_whole_number';
  }

  if (!values.startDate) errors.startDate = 'field_required';
  if (!values.endDate) errors.endDate = 'field_required';
  const days = values.startDate && values.endDate ? chargeDays(values.startDate, values.endDate) : null;
  if (values.startDate && values.endDate && days === null) errors.endDate = 'end_before_start';

  const complete = Object.keys(errors).length === 0 && days !== null;
  const amountSen = complete ? chargeAmountSen(people, days, rateSen) : 0;
  return {
    errors,
    days,
    amountSen,
    charge: complete
      ? {
          customerName,
          totalNoOfPeople: people,
          startDate: values.startDate,
          endDate: values.endDate,
          totalNoOfDays: days,
        }
      : null,
  };
}
