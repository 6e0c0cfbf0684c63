import {
  assessmentAmountFor,
  applyAssessmentCredit,
  checkItemAmount,
  DEFAULT_ASSESSMENT_SELECTION,
  isAssessmentSelection,
  maskName,
  type AssessmentAmounts,
} from '@councilpay/domain';
import type { Council, Licence, Payable, Prisma } from '../generated/prisma/client';
import type { PaymentItemDto } from './commands/create-payment/create-payment.request.dto';

export type PayableWithCouncil = Payable & { council: Council; licence: Licence | null };

/** A priced cart line, or why it cannot be paid (an i18n code and an English message). */
export type Priced =
  | { ok: true; amountSen: number; creditSen: number; selection: number | null; snapshot: Prisma.InputJsonObject }
  | { ok: false; status: number; code: string; message: string };

/** Licence states that may be renewed online; `approved` blocks only the digital licence, not payment. */
const PAYABLE_LICENCE_STATES = new Set(['active', 'approved', 'expired']);
const DAY_MS = 86_400_000;

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
  if (!p.council.active) return refuse(422, 'council_unavailable', 'This council is currently not available.');
  if (!p.council.payableTypes.includes(p.type))
    return refuse(422, 'payment_type_unavailable', 'This payment type is currently not available.');
  if (p.licence && !PAYABLE_LICENCE_STATES.has(p.licence.statusl)) {
    return refuse(
      422,
      'license_status_not_allowed',
      'This license status is not allowed to proceed. Please check with license department.',
    );
  }
  if (p.licence && !p.licence.renewableOnline) {
    return refuse(
      422,
      'trading_license_not_renewable',
      'This trading license is not applicable for online renewal, please renew at the council counter.',
    );
  }
  const snapshot = snapshotOf(p);

  if (p.type === 'assessment') {
    const selection = line.selection ?? DEFAULT_ASSESSMENT_SELECTION;
    if (!isAssessmentSelection(selection)) return refuse(400, 'in', 'selection must be 1, 2, 3 or 4');
    const amounts = p.details as unknown as AssessmentAmounts;
    const amountSen = assessmentAmountFor(selection, amounts);
    const { creditSen } = applyAssessmentCredit(amounts, selection, amountSen);
    return { ok: true, amountSen, creditSen, selection, snapshot };
  }

  if (p.type === 'local_government_charge') {
    const charge = line.charge;
    if (!charge) return refuse(400, 'required', 'charge is required for a local government charge');
    const start = Date.parse(charge.startDate);
    const end = Date.parse(charge.endDate);
    if (!(end >= start)) return refuse(400, 'after', 'endDate must not be before startDate');
    const days = Math.round((end - start) / DAY_MS) + 1;
    const rate = Number((p.details as { ratePerPersonPerDaySen?: unknown }).ratePerPersonPerDaySen ?? 0);
    const amountSen = charge.totalNoOfPeople * days * rate;
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
