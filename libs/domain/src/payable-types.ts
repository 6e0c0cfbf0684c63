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
