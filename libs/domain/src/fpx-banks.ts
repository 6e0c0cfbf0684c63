/**
 * The FPX B2C banks by id, with the names people know them by. Framework-free so the browser apps (the
 * console's bank names and bank filter) and the gateway library (libs/fpx, which re-exports them) share one list.
 */

export interface FpxBankInfo {
  /** FPX buyer bank id (fpx_buyerBankId). */
  id: string;
  /** Display name. */
  name: string;
}

/** FPX B2C participating banks (ids are unique). */
export const FPX_BANKS: readonly FpxBankInfo[] = Object.freeze([
  { id: 'ABB0233', name: 'Affin Bank' },
  { id: 'ABMB0212', name: 'Alliance Bank (Personal)' },
  { id: 'AGRO01', name: 'AGRONet' },
  { id: 'AMBB0209', name: 'AmBank' },
  { id: 'BIMB0340', name: 'Bank Islam' },
  { id: 'BMMB0341', name: 'Bank Muamalat' },
  { id: 'BKRM0602', name: 'Bank Rakyat' },
  { id: 'BOCM01', name: 'Bank Of China' },
  { id: 'BSN0601', name: 'BSN' },
  { id: 'BCBB0235', name: 'CIMB Clicks' },
  { id: 'HLB0224', name: 'Hong Leong Bank' },
  { id: 'HSBC0223', name: 'HSBC Bank' },
  { id: 'KFH0346', name: 'KFH' },
  { id: 'MB2U0227', name: 'Maybank2U' },
  { id: 'MBB0228', name: 'Maybank2E' },
  { id: 'OCBC0229', name: 'OCBC Bank' },
  { id: 'PBB0233', name: 'Public Bank' },
  { id: 'RHB0218', name: 'RHB Bank' },
  { id: 'SCB0216', name: 'Standard Chartered' },
  { id: 'UOB0226', name: 'UOB Bank' },
]);

const NAMES = new Map(FPX_BANKS.map((bank) => [bank.id, bank.name]));

/** Display name of a bank id; an unknown id is shown as itself. */
export function bankDisplayName(id: string): string {
  return NAMES.get(id) ?? id;
}
