import {
  assessmentCharge,
  chargeAmountWithin,
  chargeDays,
  councilTakes,
  checkItemAmount,
  checkLicenceRenewal,
  isBillWithdrawn,
  LICENCE_RENEWAL_MESSAGES,
  maskName,
  MAX_AMOUNT_SEN,
} from '@councilpay/domain';
import type { Council, Licence, Payable, Prisma } from '../generated/prisma/client';
import type { PaymentItemDto } from './commands/create-payment/create-payment.request.dto';

export type PayableWithCouncil = Payable & { council: Council; licence: Licence | null };

/** A priced cart line, or why it cannot be paid (an i18n code and an English message). */
export type Priced =
  | {
      ok: true;
      amountSen: number;
      creditSen: number;
      selection: number | null;
      snapshot: Prisma.InputJsonObject;
      /** Assessments: what the amount settles, component by component (kept on the item, applied at approval). */
      pricedBreakdown?: Prisma.InputJsonObject;
    }
  | { ok: false; status: number; code: string; message: string };

/** The English text of a refusal for a bill the council withdrew (people see the i18n of `bill_withdrawn`). */
export const BILL_WITHDRAWN_MESSAGE = 'This bill is no longer payable online. Please check with the council.';

/** The English text of a refusal for a bill whose amounts cannot be read (people see `bill_unpriceable`'s i18n). */
export const BILL_UNPRICEABLE_MESSAGE =
  "This bill's amounts cannot be read, so it cannot be paid online. Please check with the council.";

/** An assessment without instalments is paid whole: its balance, as a full payment. */
const SELECTION_UNAVAILABLE_MESSAGE = 'This assessment has no instalments: it is paid in full (selection 3)';

function refuse(status: number, code: string, message: string): Priced {
  return { ok: false, status, code, message };
}

function snapshotOf(p: PayableWithCouncil): Prisma.InputJsonObject {
  return {
    displayNo: p.displayNo,
    planType: p.planType,
    ownerName: maskName(p.ownerName),
    councilName: p.council.nameMs,
    details: p.details as Prisma.InputJsonValue,
    paidUntilYear: p.paidUntilYear,
    paidUntilMonth: p.paidUntilMonth,
  };
}

/**
 * What the payer pays for one line, computed by the server from the payable as it is now (never from an
 * amount the browser sent), and what the bill's balance will go down by.
 */
export function priceItem(p: PayableWithCouncil, line: PaymentItemDto): Priced {
  if (isBillWithdrawn(p)) return refuse(422, 'bill_withdrawn', BILL_WITHDRAWN_MESSAGE);
  if (!p.council.active) return refuse(422, 'council_unavailable', 'This council is currently not available.');
  if (!councilTakes(p.council, p.type))
    return refuse(422, 'payment_type_unavailable', 'This payment type is currently not available.');
  // The same licence rule search applies (libs/domain): the status first, then online renewal.
  const renewal = p.licence ? checkLicenceRenewal(p.licence) : null;
  if (renewal && !renewal.ok) return refuse(422, renewal.code, LICENCE_RENEWAL_MESSAGES[renewal.code]);
  const snapshot = snapshotOf(p);

  if (p.type === 'assessment') {
    // The one rule of what an assessment charges (libs/domain), the one search shows the payer.
    const charge = assessmentCharge(p.details, p.balanceSen, line.selection);
    if (!charge.ok) {
      if (charge.code === 'selection_invalid') return refuse(400, 'in', 'selection must be 1, 2, 3 or 4');
      if (charge.code === 'selection_unavailable') return refuse(422, charge.code, SELECTION_UNAVAILABLE_MESSAGE);
      return refuse(422, charge.code, BILL_UNPRICEABLE_MESSAGE);
    }
    const { amountSen, creditSen, selection, breakdown } = charge;
    return {
      ok: true,
      amountSen,
      creditSen,
      selection,
      snapshot,
      ...(breakdown ? { pricedBreakdown: { ...breakdown } } : {}),
    };
  }

  if (p.type === 'local_government_charge') {
    const charge = line.charge;
    if (!charge) return refuse(400, 'required', 'charge is required for a local government charge');
    // Days and amount by the charge form's rule (libs/domain), the one the portal shows.
    const days = chargeDays(charge.startDate, charge.endDate);
    if (days === null) return refuse(400, 'after', 'endDate must not be before startDate');
    const rate = Number((p.details as { ratePerPersonPerDaySen?: unknown }).ratePerPersonPerDaySen ?? 0);
    // people x days x rate is bounded before any amount exists: past what a payment can hold, it is refused.
    const amountSen = chargeAmountWithin(
      charge.totalNoOfPeople,
      days,
      Number.isSafeInteger(rate) ? rate : 0,
      MAX_AMOUNT_SEN,
    );
    if (amountSen === null) {
      return refuse(422, 'amount_too_large', 'This charge is more than one payment can hold; pay it in parts');
    }
    return {
      ok: true,
      amountSen,
      creditSen: 0,
      selection: null,
      snapshot: { ...snapshot, charge: { ...charge, totalNoOfDays: days } },
    };
  }

  if (p.minimumPaymentSen !== null) {
    if (line.amountSen === undefined)
      return refuse(400, 'required', 'amountSen is required: this bill takes part payments');
    const check = checkItemAmount({
      amountSen: line.amountSen,
      balanceSen: p.balanceSen,
      minimumPaymentSen: p.minimumPaymentSen,
    });
    if (!check.ok) {
      const message =
        check.code === 'below_minimum_payment'
          ? 'Cannot be less than minimum payment'
          : 'The amount is more than the balance';
      return refuse(422, check.code, message);
    }
    return { ok: true, amountSen: line.amountSen, creditSen: line.amountSen, selection: null, snapshot };
  }

  if (line.amountSen !== undefined && line.amountSen !== p.balanceSen && p.balanceSen > 0) {
    return refuse(409, 'balance_changed', 'The amount due has changed; search the account again');
  }
  return { ok: true, amountSen: p.balanceSen, creditSen: Math.max(p.balanceSen, 0), selection: null, snapshot };
}
