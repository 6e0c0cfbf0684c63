/** What the portal collects: the councils' payable types plus market bills. The Prisma enum mirrors this list. */
export const PAYABLE_TYPES = [
  'assessment',
  'compound',
  'trading_license',
  'council_permit_license',
  'tenancy',
  'booking',
  'engineering',
  'local_government_charge',
  'market_bill',
] as const;
export type PayableType = (typeof PAYABLE_TYPES)[number];

export function isPayableType(value: unknown): value is PayableType {
  return typeof value === 'string' && (PAYABLE_TYPES as readonly string[]).includes(value);
}

/**
 * Payables that many payers pay, each on their own account (a local government charge is a site: every
 * organiser pays their own charge for it). A payment for one never concerns another payer's payment for it:
 * no one-open-payment claim, no enquiry of earlier payments, nothing credited to a balance.
 */
export const SHARED_PAYABLE_TYPES = ['local_government_charge'] as const satisfies readonly PayableType[];

export function isSharedPayable(type: PayableType): boolean {
  return (SHARED_PAYABLE_TYPES as readonly PayableType[]).includes(type);
}

/** Compound types. */
export const COMPOUND_TYPES = [
  'individual',
  'health_individual',
  'trading',
  'health_trading',
  'citycontrol',
  'vehicle',
] as const;
export type CompoundType = (typeof COMPOUND_TYPES)[number];

/** Engineering plan types; anything else is searched as ENGINEERING. */
export const PLAN_TYPES = [
  'REZONING',
  'DEVELOPMENT',
  'BUILDING',
  'PRIVATE BUILDING',
  'LAND',
  'RENOVATION',
  'ENGINEERING',
] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** Licence kinds. */
export const LICENCE_KINDS = ['operasi', 'pasar', 'penjaja', 'kakilima', 'iklan', 'niaga'] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];

/** A council as far as the payable types it takes online (`Council.payableTypes`, `CouncilDto.payableTypes`). */
export interface TakesPayableTypes {
  readonly payableTypes: readonly string[];
}

/**
 * Whether a council takes a payable type online: the one rule behind what the portal offers for a council
 * and what the API searches and prices (market bills, for one, only where the council runs a market).
 */
export function councilTakes(council: TakesPayableTypes, type: PayableType): boolean {
  return council.payableTypes.includes(type);
}

/** The payable types a council takes, in the portal's order: what its search form offers. */
export function payableTypesOf(council: TakesPayableTypes): PayableType[] {
  return PAYABLE_TYPES.filter((type) => councilTakes(council, type));
}

/** The payable types that are licences: paying one renews a licence its holder may print (`/#/pdf`). */
export const LICENCE_TYPES = ['trading_license', 'council_permit_license'] as const satisfies readonly PayableType[];

export function isLicenceType(type: unknown): boolean {
  return typeof type === 'string' && (LICENCE_TYPES as readonly string[]).includes(type);
}
