/**
 * The display fields of a bill, per payment type, formatted by the display rules:
 * section 5: RM with 2 decimals, masked names and identity numbers (masked by the API), long text cut at
 * 70 characters, dates DD/MM/YYYY. Pure, so the rules are unit tested; components only render the list.
 */
import {
  COMPOUND_TYPES,
  formatDate,
  formatMonthYear,
  formatRinggit,
  LICENCE_KINDS,
  tenancyArrearsMonths,
  TRUNCATE_LONG,
  truncate,
  type PayableType,
  type SearchLicenceDto,
  type SearchResultDto,
} from '@councilpay/domain';
import type { Catalogue, MessageKey } from '@councilpay/i18n';

export type FieldLabel = keyof Catalogue['fields'];

/** A ready text, or a message to translate when shown (so it follows a language switch). */
export type FieldValue = { text: string } | { key: MessageKey; values?: Record<string, string | number> };

export interface DisplayField {
  label: FieldLabel;
  value: FieldValue;
}

/** What the display rules need of a bill (a search result or a cart item). */
export type DisplayedBill = Pick<
  SearchResultDto,
  | 'type'
  | 'displayNo'
  | 'planType'
  | 'ownerName'
  | 'ownerIdNo'
  | 'address'
  | 'balanceSen'
  | 'minimumPaymentSen'
  | 'paidUntilYear'
  | 'paidUntilMonth'
  | 'details'
  | 'licence'
>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;

/** '2026-10-02' -> '02/10/2026'; text already in another form is shown as it is. */
export function displayDate(value: string): string {
  if (!ISO_DATE.test(value)) return value;
  const ms = Date.parse(value.length === 10 ? `${value}T00:00:00+08:00` : value);
  return Number.isFinite(ms) ? formatDate(ms) : value;
}

/** 'Valid until' of a licence: month and year as MM/YYYY. */
export function displayMonthYear(year: number, month: number | null): string {
  return formatMonthYear(year, month);
}

function text(value: unknown, maxLength = TRUNCATE_LONG): FieldValue | null {
  if (typeof value === 'number') return { text: String(value) };
  if (typeof value !== 'string' || !value.trim()) return null;
  return { text: truncate(value.trim(), maxLength) };
}

function date(value: unknown): FieldValue | null {
  return typeof value === 'string' && value.trim() ? { text: displayDate(value.trim()) } : null;
}

function money(value: unknown): FieldValue | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? { text: formatRinggit(value) } : null;
}

function yesNo(value: unknown): FieldValue | null {
  return typeof value === 'boolean' ? { key: value ? 'common.yes' : 'common.no' } : null;
}

function compoundType(value: unknown): FieldValue | null {
  return typeof value === 'string' && (COMPOUND_TYPES as readonly string[]).includes(value)
    ? { key: `compound_types.${value as (typeof COMPOUND_TYPES)[number]}` }
    : text(value);
}

function licenceKind(value: string): FieldValue {
  return (LICENCE_KINDS as readonly string[]).includes(value)
    ? { key: `licence_kinds.${value as (typeof LICENCE_KINDS)[number]}` }
    : { text: value };
}

const LICENCE_STATES = ['active', 'approved', 'expired'] as const;
function licenceStatus(value: string): FieldValue {
  const known = LICENCE_STATES.find((state) => state === value.trim().toLowerCase());
  return known ? { key: `licence_states.${known}` } : { text: value };
}

function licenceCategory(value: string): FieldValue {
  return value === 'general' || value === 'niaga' ? { key: `licence_categories.${value}` } : { text: value };
}

function renewalPeriod(licence: SearchLicenceDto): FieldValue {
  if (licence.renewalYears > 0 && licence.renewalMonths === 0) {
    return { key: 'licence_periods.years', values: { count: licence.renewalYears } };
  }
  return { key: 'licence_periods.months', values: { count: licence.renewalYears * 12 + licence.renewalMonths } };
}

type Rule = readonly [FieldLabel, (details: Record<string, unknown>) => FieldValue | null];

/** The type-specific fields, in the order they are shown. */
const DETAIL_RULES: Readonly<Record<PayableType, readonly Rule[]>> = {
  assessment: [
    ['house_no', (d) => text(d.houseNo)],
    ['current_title', (d) => text(d.currentTitle)],
    ['asum_year', (d) => text(d.asumYear)],
    ['current_year', (d) => money(d.currentYearSen)],
    ['arrears', (d) => money(d.arrearsSen)],
    ['discount', (d) => money(d.discountSen)],
    ['special_discount', (d) => money(d.specialDiscountSen)],
    ['gst_amount', (d) => money(d.gstSen)],
    ['landcess_effect', (d) => date(d.landcessEffect)],
  ],
  compound: [
    ['compound_type', (d) => compoundType(d.compoundType)],
    ['company_name', (d) => text(d.companyName)],
    ['vehicle_no', (d) => text(d.vehicleNo)],
    ['offender_name', (d) => text(d.offenderName)],
    ['offence', (d) => text(d.offence)],
    ['offence_date', (d) => date(d.offenceDate)],
  ],
  trading_license: [
    ['nature_of_business', (d) => text(d.natureOfBusiness)],
    ['premise', (d) => text(d.premise)],
    // The sub-item's kind by name ('Advertisement'), not its code ('iklan').
    ['subhead', (d) => (typeof d.subhead === 'string' && d.subhead.trim() ? licenceKind(d.subhead.trim()) : null)],
    ['arrears_only', (d) => yesNo(d.arrearsOnly)],
  ],
  council_permit_license: [
    ['nature_of_business', (d) => text(d.natureOfBusiness)],
    ['location', (d) => text(d.location)],
    ['stall_no', (d) => text(d.stallNo)],
    ['arrears_only', (d) => yesNo(d.arrearsOnly)],
  ],
  engineering: [
    ['land_no', (d) => text(d.landNo)],
    ['plan_title', (d) => text(d.title)],
    ['bill', (d) => text(d.bill)],
    ['plan_date', (d) => date(d.planDate)],
    ['reference_no', (d) => text(d.referenceNo)],
  ],
  tenancy: [
    ['premise', (d) => text(d.premise)],
    ['monthly_rent', (d) => money(d.monthlyRentSen)],
  ],
  booking: [
    ['facility', (d) => text(d.facility)],
    ['booking_date', (d) => date(d.date)],
    ['session', (d) => text(d.session)],
  ],
  local_government_charge: [
    ['description', (d) => text(d.description)],
    ['rate_per_person_per_day', (d) => money(d.ratePerPersonPerDaySen)],
  ],
  market_bill: [
    ['market', (d) => text(d.market)],
    ['stall_no', (d) => text(d.stallNo)],
    ['period', (d) => text(d.period)],
  ],
};

/** A tenancy's months in arrears as its balance stands now (a part payment may have covered some). */
function arrearsMonths(bill: DisplayedBill): FieldValue | null {
  const recorded = bill.details.arrearsMonths;
  if (typeof recorded !== 'number' || !Number.isSafeInteger(recorded)) return null;
  const rent = bill.details.monthlyRentSen;
  return {
    text: String(tenancyArrearsMonths(bill.balanceSen, typeof rent === 'number' ? rent : 0, recorded)),
  };
}

/** Every field shown for a bill: who and where, the type's own fields, the licence, then what is due. */
export function displayFields(bill: DisplayedBill): DisplayField[] {
  const fields: DisplayField[] = [];
  const add = (label: FieldLabel, value: FieldValue | null) => {
    if (value) fields.push({ label, value });
  };
  if (bill.type === 'engineering') add('plan_type', { key: `plan_types.${planTypeKey(bill.planType)}` });
  add('name', text(bill.ownerName));
  add('id_no', text(bill.ownerIdNo));
  add('address', text(bill.address));
  for (const [label, rule] of DETAIL_RULES[bill.type]) add(label, rule(bill.details));
  if (bill.type === 'tenancy') add('arrears_months', arrearsMonths(bill));
  if (bill.licence) {
    add('license_no', text(bill.licence.licenceNo));
    add('statusl', licenceStatus(bill.licence.statusl));
    add('m_kod_type', licenceCategory(bill.licence.mKodType));
    add('licence_kind', licenceKind(bill.licence.kind));
    add('renewal_period', renewalPeriod(bill.licence));
  }
  if (bill.paidUntilYear !== null)
    add('paid_until', { text: displayMonthYear(bill.paidUntilYear, bill.paidUntilMonth) });
  if (bill.type !== 'local_government_charge') add('balance', money(bill.balanceSen));
  if (bill.minimumPaymentSen !== null) add('minimum_payment', money(bill.minimumPaymentSen));
  return fields;
}

const PLAN_TYPE_KEYS = {
  REZONING: 'rezoning',
  DEVELOPMENT: 'development',
  BUILDING: 'building',
  'PRIVATE BUILDING': 'private_building',
  LAND: 'land',
  RENOVATION: 'renovation',
  ENGINEERING: 'engineering',
} as const;
export type PlanTypeKey = (typeof PLAN_TYPE_KEYS)[keyof typeof PLAN_TYPE_KEYS];

/** The message key of a plan type (`plan_types.<key>`); unknown plan types are engineering. */
export function planTypeKey(planType: string): PlanTypeKey {
  return PLAN_TYPE_KEYS[planType as keyof typeof PLAN_TYPE_KEYS] ?? 'engineering';
}
