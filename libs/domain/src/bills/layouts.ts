/**
 * The column layout of a council's bill file, one per payable type: each column's name, whether it is
 * required, how its cell is read, and where its value goes on the bill (`Payable`, its `details`, or its
 * `Licence`). The file import, the bills API and the template download all read these tables, so a column is
 * defined once. `parseBillRow` turns one row into the bill it describes, or the reasons it cannot.
 */
import { assessmentOwedSen } from '../assessment';
import type { CouncilCode } from '../councils';
import { COUNCIL_CODES } from '../councils';
import { isAccountIdShape, normaliseAccountId } from '../normalise';
import { COMPOUND_TYPES, LICENCE_KINDS, PLAN_TYPES, type PayableType } from '../payable-types';
import type { Sen } from '../money';
import {
  amountCell,
  choiceCell,
  integerCell,
  isEmptyCell,
  dateCell,
  textCell,
  yesNoCell,
  type CellError,
  type CellParser,
  type CellValue,
} from './cells';

/** The licence record a licence bill carries (the digital licence and the renewal period come from it). */
export interface BillLicence {
  readonly reference: string;
  readonly statusl: string;
  readonly mKodType: 'general' | 'niaga';
  readonly kind: string;
  readonly printCode: string | null;
  readonly renewableOnline: boolean;
  readonly renewalYears: number;
  readonly renewalMonths: number;
}

/** A bill as a council's system states it, ready to be compared with what the ledger holds. */
export interface BillRecord {
  readonly councilCode: CouncilCode;
  readonly type: PayableType;
  /** Normalised (as searched). */
  readonly accountNo: string;
  /** As printed on the bill. */
  readonly displayNo: string;
  readonly planType: string;
  readonly ownerName: string;
  readonly ownerIdNo: string | null;
  readonly address: string | null;
  readonly balanceSen: Sen;
  readonly minimumPaymentSen: Sen | null;
  readonly paidUntilYear: number | null;
  readonly paidUntilMonth: number | null;
  readonly details: Readonly<Record<string, string | number | boolean>>;
  readonly licence: BillLicence | null;
  /** A dependent item (a signboard on a trading licence): the normalised account of its licence. */
  readonly parentAccountNo: string | null;
}

type Target =
  | { readonly on: 'bill'; readonly field: 'council' | 'account' | 'ownerName' | 'ownerIdNo' | 'address' }
  | { readonly on: 'bill'; readonly field: 'balanceSen' | 'minimumPaymentSen' | 'planType' | 'parent' }
  | { readonly on: 'bill'; readonly field: 'paidUntilYear' | 'paidUntilMonth' }
  | { readonly on: 'details'; readonly key: string }
  | { readonly on: 'licence'; readonly field: keyof BillLicence };

export interface BillColumn {
  /** The header as written in the file (lower case, snake case). */
  readonly name: string;
  readonly required: boolean;
  readonly parse: CellParser<string | number | boolean>;
  readonly maps: Target;
  /** What the column holds, for the template and docs/integration.md. */
  readonly describe: string;
  /** The value used when the cell is empty (optional columns only). */
  readonly fallback?: string | number | boolean;
}

const col = (
  name: string,
  required: boolean,
  parse: CellParser<string | number | boolean>,
  maps: Target,
  describe: string,
  fallback?: string | number | boolean,
): BillColumn => ({ name, required, parse, maps, describe, fallback });

const NAME = 200;
const SHORT = 60;
const LONG = 300;

/** Every layout starts with these: which council, which account, whose, and (but for assessments) how much. */
const COMMON: readonly BillColumn[] = [
  col(
    'council',
    true,
    choiceCell(COUNCIL_CODES),
    { on: 'bill', field: 'council' },
    'Council code (e.g. mdpg); must be the council chosen for the import',
  ),
  col(
    'account_no',
    true,
    textCell(40),
    { on: 'bill', field: 'account' },
    'Account, bill or licence number as printed on the bill',
  ),
  col('owner_name', true, textCell(NAME), { on: 'bill', field: 'ownerName' }, 'Owner or payer name'),
  col(
    'owner_id_no',
    false,
    textCell(SHORT),
    { on: 'bill', field: 'ownerIdNo' },
    'NRIC, passport or company registration number',
  ),
  col('address', false, textCell(LONG), { on: 'bill', field: 'address' }, 'Address'),
];

const balance = (describe = 'Balance due in RM (negative: a credit)') =>
  col('balance_rm', true, amountCell({ allowNegative: true }), { on: 'bill', field: 'balanceSen' }, describe);
const minimum = col(
  'minimum_payment_rm',
  false,
  amountCell(),
  { on: 'bill', field: 'minimumPaymentSen' },
  'Smallest part payment accepted, RM',
);
const detail = (
  name: string,
  key: string,
  required: boolean,
  parse: CellParser<string | number | boolean>,
  describe: string,
  fallback?: string | number | boolean,
) => col(name, required, parse, { on: 'details', key }, describe, fallback);
const licence = (
  name: string,
  field: keyof BillLicence,
  required: boolean,
  parse: CellParser<string | number | boolean>,
  describe: string,
  fallback?: string | number | boolean,
) => col(name, required, parse, { on: 'licence', field }, describe, fallback);

/**
 * Licence columns are required for a licence and left empty for a dependent item (a row with parent_account_no),
 * which is paid with its licence and has no licence record of its own (`parseBillRow` checks which applies).
 */
function licenceColumns(mKodType: 'general' | 'niaga'): BillColumn[] {
  return [
    balance(),
    minimum,
    col(
      'parent_account_no',
      false,
      textCell(40),
      { on: 'bill', field: 'parent' },
      'For a dependent item (e.g. a signboard): the account_no of its licence',
    ),
    licence(
      'licence_reference',
      'reference',
      false,
      textCell(SHORT),
      'Licence reference (keys the digital licence); required unless a dependent item',
    ),
    licence(
      'licence_status',
      'statusl',
      false,
      textCell(30),
      'Licence status: active, approved, expired, suspended …; required unless a dependent item',
    ),
    licence(
      'licence_kind',
      'kind',
      false,
      choiceCell(LICENCE_KINDS),
      `Licence kind: ${LICENCE_KINDS.join(', ')}; required unless a dependent item`,
    ),
    licence(
      'licence_class',
      'mKodType',
      false,
      choiceCell(['general', 'niaga'] as const),
      'general or niaga',
      mKodType,
    ),
    licence('print_code', 'printCode', false, textCell(10), 'Print template code'),
    licence('renewable_online', 'renewableOnline', false, yesNoCell(), 'yes or no: may be renewed online', true),
    licence('renewal_years', 'renewalYears', false, integerCell(0, 10), 'Years a payment renews for', 1),
    licence(
      'renewal_months',
      'renewalMonths',
      false,
      integerCell(0, 11),
      'Months a payment renews for (besides the years)',
      0,
    ),
    col(
      'paid_until_year',
      false,
      integerCell(1900, 2999),
      { on: 'bill', field: 'paidUntilYear' },
      'Year the last payment covers',
    ),
    col(
      'paid_until_month',
      false,
      integerCell(1, 12),
      { on: 'bill', field: 'paidUntilMonth' },
      'Month the last payment covers',
    ),
    detail('nature_of_business', 'natureOfBusiness', false, textCell(LONG), 'Nature of business or item'),
    detail('premise', 'premise', false, textCell(LONG), 'Premise'),
    detail('location', 'location', false, textCell(LONG), 'Location'),
    detail('stall_no', 'stallNo', false, textCell(SHORT), 'Stall number'),
    detail('subhead', 'subhead', false, textCell(SHORT), 'Dependent item kind (iklan, kakilima …)'),
    detail('arrears_only', 'arrearsOnly', false, yesNoCell(), 'yes or no: the balance is arrears only', false),
  ];
}

/** The layouts, one per payable type. Column order is the template's. */
export const BILL_LAYOUTS: Readonly<Record<PayableType, readonly BillColumn[]>> = {
  assessment: [
    ...COMMON,
    detail('asum_year', 'asumYear', true, integerCell(1900, 2999), 'Assessment year'),
    detail(
      'current_year_rm',
      'currentYearSen',
      true,
      amountCell(),
      "The assessment year's four instalments still owed, RM",
    ),
    detail(
      'arrears_rm',
      'arrearsSen',
      true,
      amountCell({ allowNegative: true }),
      'Owed for earlier years (penalties included), RM; negative: a credit',
    ),
    detail('discount_rm', 'discountSen', false, amountCell(), 'Discount for a full payment, RM', 0),
    detail(
      'special_discount_rm',
      'specialDiscountSen',
      false,
      amountCell(),
      'Special (campaign) discount for a full payment, RM',
      0,
    ),
    detail('gst_rm', 'gstSen', false, amountCell(), "Tax on the assessment year's charges, RM", 0),
    detail('house_no', 'houseNo', false, textCell(SHORT), 'House or lot number'),
    detail('current_title', 'currentTitle', false, textCell(SHORT), 'Land title'),
    detail('landcess_effect', 'landcessEffect', false, textCell(20), 'Land cess effective date as printed'),
  ],
  compound: [
    ...COMMON,
    balance(),
    detail(
      'compound_type',
      'compoundType',
      true,
      choiceCell(COMPOUND_TYPES),
      `Compound type: ${COMPOUND_TYPES.join(', ')}`,
    ),
    detail('offence', 'offence', true, textCell(LONG), 'Offence'),
    detail('offence_date', 'offenceDate', false, dateCell(), 'Offence date, YYYY-MM-DD'),
    detail('company_name', 'companyName', false, textCell(NAME), 'Company (trading compounds)'),
    detail('vehicle_no', 'vehicleNo', false, textCell(20), 'Vehicle number (vehicle compounds)'),
    detail('offender_name', 'offenderName', false, textCell(NAME), 'Offender (vehicle compounds)'),
  ],
  trading_license: [...COMMON, ...licenceColumns('niaga')],
  council_permit_license: [...COMMON, ...licenceColumns('general')],
  tenancy: [
    ...COMMON,
    balance(),
    minimum,
    detail('premise', 'premise', true, textCell(LONG), 'Premise rented'),
    detail('monthly_rent_rm', 'monthlyRentSen', true, amountCell(), 'Monthly rent, RM'),
    detail('arrears_months', 'arrearsMonths', true, integerCell(0, 1200), 'Months in arrears'),
  ],
  booking: [
    ...COMMON,
    balance(),
    detail('facility', 'facility', true, textCell(LONG), 'Facility booked'),
    detail('booking_date', 'date', true, dateCell(), 'Date booked, YYYY-MM-DD'),
    detail('session', 'session', false, textCell(SHORT), 'Session (e.g. 08:00-17:00)'),
  ],
  engineering: [
    ...COMMON,
    balance(),
    col(
      'plan_type',
      true,
      choiceCell(PLAN_TYPES),
      { on: 'bill', field: 'planType' },
      `Plan type: ${PLAN_TYPES.join(', ')}`,
    ),
    detail('land_no', 'landNo', false, textCell(SHORT), 'Land number'),
    detail('title', 'title', false, textCell(LONG), 'Application title'),
    detail('bill_no', 'bill', false, textCell(SHORT), 'Bill number'),
    detail('plan_date', 'planDate', false, dateCell(), 'Plan date, YYYY-MM-DD'),
    detail('reference_no', 'referenceNo', false, textCell(SHORT), 'Reference number'),
  ],
  local_government_charge: [
    ...COMMON,
    detail('description', 'description', true, textCell(LONG), 'What the charge is for'),
    detail('rate_per_person_per_day_rm', 'ratePerPersonPerDaySen', true, amountCell(), 'Rate per person per day, RM'),
  ],
  market_bill: [
    ...COMMON,
    balance(),
    detail('market', 'market', true, textCell(LONG), 'Market'),
    detail('stall_no', 'stallNo', true, textCell(SHORT), 'Stall number'),
    detail('period', 'period', true, textCell(SHORT), 'Period billed (e.g. 11/2026)'),
  ],
};

/** Why a bill's `details` do not fit its type's layout. */
export interface DetailsError {
  /** The `details` key. */
  readonly key: string;
  readonly code: 'required' | 'invalid';
}

/**
 * Checks a bill's `details` against its type's layout, the one schema of what a bill carries: every required
 * detail is there and every detail the layout names holds a value its column reads into (sen as whole
 * numbers, dates as YYYY-MM-DD, text trimmed and bounded). Keys the layout does not name are left alone.
 * Whatever writes a bill (the file import, the bills API, the demo generator) writes details that pass.
 */
export function checkBillDetails(
  type: PayableType,
  details: unknown,
): { ok: true } | { ok: false; errors: DetailsError[] } {
  if (!details || typeof details !== 'object' || Array.isArray(details)) {
    return { ok: false, errors: [{ key: '', code: 'invalid' }] };
  }
  const record = details as Record<string, unknown>;
  const errors: DetailsError[] = [];
  for (const column of BILL_LAYOUTS[type]) {
    if (column.maps.on !== 'details') continue;
    const { key } = column.maps;
    const value = record[key];
    if (value === undefined || value === null) {
      if (column.required) errors.push({ key, code: 'required' });
    } else if (!column.parse.holds(value)) {
      errors.push({ key, code: 'invalid' });
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true };
}

/** More columns than any layout has, with room for a council's own extras: anything wider is refused unread. */
export const MAX_BILL_COLUMNS = 64;

export type HeaderError =
  | { readonly code: 'too_many_columns'; readonly count: number }
  | { readonly code: 'unknown_column'; readonly column: string }
  | { readonly code: 'duplicate_column'; readonly column: string }
  | { readonly code: 'missing_column'; readonly column: string };

/** Which layout column each file column is; `null` for none (only when the header is refused). */
export type BillHeader = readonly (BillColumn | null)[];

function headerName(cell: CellValue): string {
  return String(cell ?? '')
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();
}

/**
 * Reads the header row against the type's layout. Every column must be one of the layout's (a misspelt header
 * would otherwise drop its values silently), appear once, and every required column must be there.
 */
export function readBillHeader(
  type: PayableType,
  cells: readonly CellValue[],
): { ok: true; header: BillHeader } | { ok: false; errors: HeaderError[] } {
  if (cells.length > MAX_BILL_COLUMNS)
    return { ok: false, errors: [{ code: 'too_many_columns', count: cells.length }] };
  const layout = BILL_LAYOUTS[type];
  const errors: HeaderError[] = [];
  const seen = new Set<string>();
  const header = cells.map((cell) => {
    const name = headerName(cell);
    const column = layout.find((c) => c.name === name) ?? null;
    if (!column) errors.push({ code: 'unknown_column', column: name.slice(0, 60) });
    else if (seen.has(name)) errors.push({ code: 'duplicate_column', column: name });
    seen.add(name);
    return column;
  });
  for (const column of layout) {
    if (column.required && !seen.has(column.name)) errors.push({ code: 'missing_column', column: column.name });
  }
  return errors.length ? { ok: false, errors } : { ok: true, header };
}

export type RowErrorCode =
  | CellError
  /** The row names another council than the one the import is for. */
  | 'other_council'
  /** The account number is not one a bill can carry. */
  | 'account_invalid'
  /** A licence row without its licence columns, or a dependent item with them. */
  | 'licence_columns_required'
  | 'dependent_licence_columns'
  /** A dependent item that is its own parent. */
  | 'parent_invalid'
  /** A minimum payment above what the bill owes. */
  | 'minimum_above_balance'
  /** The row has more cells than the header. */
  | 'extra_cells';

export interface RowError {
  /** The line of the file (1 is the header) or the index of the API batch item. */
  readonly line: number;
  /** The column the reason is about; empty for the row as a whole. */
  readonly column: string;
  /** What the cell held, cut to 100 characters (shown in the preview and the error report). */
  readonly value: string;
  readonly code: RowErrorCode;
}

function shown(cell: CellValue): string {
  if (cell == null) return '';
  if (typeof cell === 'object' && !(cell instanceof Date)) return `=${cell.formula}`.slice(0, 100);
  return (cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell)).slice(0, 100);
}

type Values = Map<BillColumn, string | number | boolean>;

function valueOf<T extends string | number | boolean>(
  values: Values,
  layout: readonly BillColumn[],
  test: (t: Target) => boolean,
): T | null {
  const column = layout.find((c) => test(c.maps));
  if (!column) return null;
  return (values.get(column) ?? column.fallback ?? null) as T | null;
}

/**
 * Reads one row into the bill it states. `councilCode` is the council the import is for; every row must name
 * it. All of a row's refusals are reported, not only the first.
 */
export function parseBillRow(
  type: PayableType,
  councilCode: CouncilCode,
  header: BillHeader,
  cells: readonly CellValue[],
  line: number,
): { ok: true; bill: BillRecord } | { ok: false; errors: RowError[] } {
  const layout = BILL_LAYOUTS[type];
  const errors: RowError[] = [];
  const refuse = (column: string, cell: CellValue, code: RowErrorCode) =>
    errors.push({ line, column, value: shown(cell), code });
  if (cells.length > header.length && cells.slice(header.length).some((c) => !isEmptyCell(c))) {
    refuse('', null, 'extra_cells');
  }
  const values: Values = new Map();
  const raw = new Map<BillColumn, CellValue>();
  header.forEach((column, i) => {
    if (!column) return;
    const cell = cells[i];
    raw.set(column, cell);
    const result = column.parse(cell);
    if (!result.ok) return refuse(column.name, cell, result.code);
    if (result.value === null) {
      if (column.required) refuse(column.name, cell, 'required');
      return;
    }
    values.set(column, result.value);
  });
  const bill = (field: string) => valueOf(values, layout, (t) => t.on === 'bill' && t.field === field);
  const column = (field: string) => layout.find((c) => c.maps.on === 'bill' && c.maps.field === field);

  const council = bill('council');
  if (council !== null && council !== councilCode) refuse('council', raw.get(column('council')!), 'other_council');
  const displayNo = String(bill('account') ?? '');
  const accountNo = normaliseAccountId(type, displayNo);
  if (displayNo && !isAccountIdShape(accountNo)) refuse('account_no', displayNo, 'account_invalid');
  const parentText = bill('parent') as string | null;
  const parentAccountNo = parentText === null ? null : normaliseAccountId(type, parentText);
  if (parentAccountNo !== null && (!isAccountIdShape(parentAccountNo) || parentAccountNo === accountNo)) {
    refuse('parent_account_no', parentText, 'parent_invalid');
  }

  const details: Record<string, string | number | boolean> = {};
  const licenceValues: Record<string, string | number | boolean | null> = {};
  for (const c of layout) {
    const value = values.get(c) ?? c.fallback ?? null;
    if (c.maps.on === 'details' && value !== null) details[c.maps.key] = value;
    if (c.maps.on === 'licence') licenceValues[c.maps.field] = value;
  }
  const isLicenceType = type === 'trading_license' || type === 'council_permit_license';
  let licence: BillLicence | null = null;
  if (isLicenceType) {
    const given = layout.filter((c) => c.maps.on === 'licence' && values.has(c));
    if (parentAccountNo !== null) {
      for (const c of given) refuse(c.name, raw.get(c), 'dependent_licence_columns');
    } else {
      for (const name of ['licence_reference', 'licence_status', 'licence_kind']) {
        const c = layout.find((l) => l.name === name)!;
        if (!values.has(c)) refuse(name, raw.get(c), 'licence_columns_required');
      }
      licence = licenceValues as unknown as BillLicence;
    }
  }

  // An assessment's balance is what its components owe, so the two can never disagree.
  const balanceSen =
    type === 'assessment'
      ? errors.length
        ? 0
        : assessmentOwedSen({
            asumYear: details.asumYear as number,
            currentYearSen: details.currentYearSen as number,
            arrearsSen: details.arrearsSen as number,
            discountSen: details.discountSen as number,
            specialDiscountSen: details.specialDiscountSen as number,
            gstSen: details.gstSen as number,
          })
      : ((bill('balanceSen') as number | null) ?? 0);
  const minimumPaymentSen = bill('minimumPaymentSen') as number | null;
  if (minimumPaymentSen !== null && balanceSen > 0 && minimumPaymentSen > balanceSen) {
    refuse('minimum_payment_rm', raw.get(column('minimumPaymentSen')!), 'minimum_above_balance');
  }
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    bill: {
      councilCode,
      type,
      accountNo,
      displayNo,
      planType: (bill('planType') as string | null) ?? '',
      ownerName: bill('ownerName') as string,
      ownerIdNo: bill('ownerIdNo') as string | null,
      address: bill('address') as string | null,
      balanceSen,
      minimumPaymentSen,
      paidUntilYear: bill('paidUntilYear') as number | null,
      paidUntilMonth: bill('paidUntilMonth') as number | null,
      details,
      licence,
      parentAccountNo,
    },
  };
}

/** The template's header row for a payable type: the layout's column names in order. */
export function billTemplateHeader(type: PayableType): string[] {
  return BILL_LAYOUTS[type].map((c) => c.name);
}
