import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  ASSESSMENT_SELECTIONS,
  assessmentAmountFor,
  assessmentPaidUntil,
  checkLicenceRenewal,
  councilTakes,
  decodeBookingId,
  isAccountIdShape,
  isBillWithdrawn,
  WITHDRAWN_STATUS,
  LICENCE_RENEWAL_MESSAGES,
  maskIdentity,
  maskName,
  normaliseAccountId,
  PLAN_TYPES,
  type PlanType,
  readAssessmentBill,
  type AssessmentSelectionAmountDto,
  type SearchLicenceDto,
  type SearchResultDto,
} from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import type { Licence, Payable, Prisma } from '../../../generated/prisma/client';
import { SearchRequestDto } from './search-payables.request.dto';
import { SearchPayablesQuery } from './search-payables.query';

/** Keys of `details` that hold a person's or a company's name: masked like the owner's name. */
const NAME_DETAILS = ['offenderName', 'companyName', 'customerName', 'name'] as const;

function maskedDetails(details: unknown): Record<string, unknown> {
  const copy = { ...((details ?? {}) as Record<string, unknown>) };
  for (const key of NAME_DETAILS) {
    const value = copy[key];
    if (typeof value === 'string' && value.trim()) copy[key] = maskName(value);
  }
  return copy;
}

/**
 * What each selection 1-4 pays, so the cart can show it without knowing the rule; null for an assessment
 * without an instalment breakdown, which is paid whole on its balance (`readAssessmentBill`).
 */
export function assessmentSelections(details: unknown): AssessmentSelectionAmountDto[] | null {
  const bill = readAssessmentBill(details);
  if (bill.kind !== 'breakdown') return null;
  return ASSESSMENT_SELECTIONS.map((selection) => ({
    selection,
    amountSen: assessmentAmountFor(selection, bill.amounts),
    paidUntilYear: assessmentPaidUntil(selection, bill.amounts).year,
  }));
}

function toLicenceDto(licence: Licence): SearchLicenceDto {
  return {
    licenceNo: licence.licenceNo,
    reference: licence.reference,
    statusl: licence.statusl,
    mKodType: licence.mKodType,
    kind: licence.kind,
    renewableOnline: licence.renewableOnline,
    renewalYears: licence.renewalYears,
    renewalMonths: licence.renewalMonths,
  };
}

/** One payable as the portal shows it: names and identity numbers masked, assessment amounts computed. */
export function toSearchResult(payable: Payable, licence: Licence | null = null): SearchResultDto {
  return {
    id: payable.id,
    council: payable.councilCode,
    type: payable.type,
    accountNo: payable.accountNo,
    displayNo: payable.displayNo,
    planType: payable.planType,
    ownerName: maskName(payable.ownerName),
    ownerIdNo: payable.ownerIdNo ? maskIdentity(payable.ownerIdNo) : null,
    address: payable.address,
    balanceSen: payable.balanceSen,
    minimumPaymentSen: payable.minimumPaymentSen,
    status: payable.status,
    paidUntilYear: payable.paidUntilYear,
    paidUntilMonth: payable.paidUntilMonth,
    details: maskedDetails(payable.details),
    parentId: payable.parentId,
    selections: payable.type === 'assessment' ? assessmentSelections(payable.details) : null,
    licence: licence ? toLicenceDto(licence) : null,
  };
}

/**
 * The id to look up, from the id as sent: booking ids arrive URI-encoded and are decoded (a broken encoding
 * is not an id); then the type's normalisation (libs/domain), then the shape check.
 */
export function searchedAccountId(type: SearchRequestDto['type'], accountNo: string): string {
  const raw = type === 'booking' ? decodeBookingId(accountNo) : accountNo;
  const id = raw === null ? '' : normaliseAccountId(type, raw);
  if (!isAccountIdShape(id)) throw new ApiError(400, 'invalid_account_no', 'Invalid Account No / License No');
  return id;
}

/** The named plan types, and any other (or none) searched as ENGINEERING. */
export function engineeringPlanType(planType: string | undefined): PlanType {
  const named = (planType ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
  return (PLAN_TYPES as readonly string[]).includes(named) ? (named as PlanType) : 'ENGINEERING';
}

@QueryHandler(SearchPayablesQuery)
export class SearchPayablesHandler implements IQueryHandler<SearchPayablesQuery, SearchResultDto[]> {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * One account by council, payment type (and plan type for engineering) and id, followed by the items that
   * depend on it. Every lookup is a unique-index seek on (councilCode, type, planType, accountNo) plus the
   * parentId index for dependents, so it costs the same with a million payables as with a hundred.
   */
  async execute({ request }: SearchPayablesQuery): Promise<SearchResultDto[]> {
    const council = await this.prisma.council.findUnique({
      where: { code: request.council },
      select: { code: true, active: true, payableTypes: true },
    });
    if (!council || !council.active) {
      throw new ApiError(422, 'council_unavailable', 'This council is currently not available.');
    }
    if (!councilTakes(council, request.type)) {
      throw new ApiError(422, 'payment_type_unavailable', 'This payment type is currently not available.');
    }
    const accountNo = searchedAccountId(request.type, request.accountNo);
    const planType = request.type === 'engineering' ? engineeringPlanType(request.planType) : '';
    const include = {
      licence: true,
      parent: { select: { licence: true } },
      dependents: { where: { status: { not: WITHDRAWN_STATUS } }, orderBy: { accountNo: 'asc' } },
    } satisfies Prisma.PayableInclude;
    let payable = await this.prisma.payable.findUnique({
      where: {
        councilCode_type_planType_accountNo: { councilCode: council.code, type: request.type, planType, accountNo },
      },
      include,
    });
    // The right engineering id under another plan type is that bill: its card shows its own plan type. Still
    // index seeks: the other plan types are a short list.
    if (!payable && request.type === 'engineering') {
      payable = await this.prisma.payable.findFirst({
        where: {
          councilCode: council.code,
          type: 'engineering',
          planType: { in: PLAN_TYPES.filter((p) => p !== planType) },
          accountNo,
          status: { not: WITHDRAWN_STATUS },
        },
        orderBy: { planType: 'asc' },
        include,
      });
    }
    // A bill the council withdrew is not there any more for the payer (its payments and receipts stay). Every
    // id form and plan type was tried: what is left to check is the number itself (and the council).
    if (!payable || isBillWithdrawn(payable)) {
      throw new ApiError(404, 'not_found', 'Not Found! Check the account or licence number and the council.', {
        field: 'accountNo',
      });
    }

    // A dependent searched on its own is judged by the licence it belongs to.
    const licence = payable.licence ?? payable.parent?.licence ?? null;
    if (licence) {
      const renewal = checkLicenceRenewal(licence);
      if (!renewal.ok) throw new ApiError(422, renewal.code, LICENCE_RENEWAL_MESSAGES[renewal.code]);
    }
    // Dependents (signboards, five-foot ways ...) are renewed with the licence they belong to.
    return [toSearchResult(payable, licence), ...payable.dependents.map((d) => toSearchResult(d, licence))];
  }
}
