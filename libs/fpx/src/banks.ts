/**
 * FPX B2C banks: ids and display names, the BC bank list format (`bankId~A,bankId~B`) and the
 * display order of the bank picker.
 */

import { bankDisplayName, type FpxBankInfo } from '@councilpay/domain';

export { FPX_BANKS, bankDisplayName, type FpxBankInfo } from '@councilpay/domain';

export interface FpxBank extends FpxBankInfo {
  /** 'A' in the bank list: available. 'B': offline (the picker shows it as Offline and disables it). */
  online: boolean;
}

/** The picker label: the name, with " (Offline)" for a bank that is offline. */
export function bankLabel(bank: Pick<FpxBank, 'name' | 'online'>): string {
  return bank.online ? bank.name : `${bank.name} (Offline)`;
}

const BANK_ID = /^[A-Za-z0-9]+$/;

/**
 * Parses fpx_bankList (`ABB0233~A,MB2U0227~B`): 'A' is available, 'B' offline (either case).
 * Unknown ids keep the id as name; malformed entries (no '~', empty or odd id, other status letters)
 * and repeated ids are skipped. Order is kept as received.
 */
export function parseBankList(bankList: string): FpxBank[] {
  const banks: FpxBank[] = [];
  const seen = new Set<string>();
  for (const entry of bankList.split(',')) {
    const parts = entry.trim().split('~');
    if (parts.length !== 2) continue;
    const id = (parts[0] ?? '').trim();
    const status = (parts[1] ?? '').trim().toUpperCase();
    if (!BANK_ID.test(id) || (status !== 'A' && status !== 'B') || seen.has(id)) continue;
    seen.add(id);
    banks.push({ id, name: bankDisplayName(id), online: status === 'A' });
  }
  return banks;
}

/** Writes a bank list in the BC format (used by the simulator). */
export function formatBankList(banks: readonly Pick<FpxBank, 'id' | 'online'>[]): string {
  return banks.map((bank) => `${bank.id}~${bank.online ? 'A' : 'B'}`).join(',');
}

/**
 * The swaps applied after sorting by name, as [first, second] bank id pairs: when both are listed
 * and `second` sorts before `first`, the two trade places. The spec says banks are "sorted by name with
 * a few swapped positions"; the old portal's list is not available, so we keep one swap that reflects
 * use: Maybank2U (personal) is shown before Maybank2E (enterprise), which alphabetical order
 * would put first. Further swaps can be passed to sortBanksForDisplay.
 */
export const BANK_DISPLAY_SWAPS: readonly (readonly [string, string])[] = Object.freeze([
  ['MB2U0227', 'MBB0228'] as const,
]);

function compareByName(a: FpxBankInfo, b: FpxBankInfo): number {
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  if (an !== bn) return an < bn ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Display order of the bank picker: sorted by display name (case-insensitive, then by id), then
 * the swaps of BANK_DISPLAY_SWAPS (or the ones given) applied in order. Offline banks stay in place
 * (the picker shows them as Offline). Returns a new array.
 */
export function sortBanksForDisplay<T extends FpxBankInfo>(
  banks: readonly T[],
  swaps: readonly (readonly [string, string])[] = BANK_DISPLAY_SWAPS,
): T[] {
  const sorted = [...banks].sort(compareByName);
  for (const [firstId, secondId] of swaps) {
    const first = sorted.findIndex((bank) => bank.id === firstId);
    const second = sorted.findIndex((bank) => bank.id === secondId);
    if (first < 0 || second < 0 || first < second) continue;
    const a = sorted[first] as T;
    sorted[first] = sorted[second] as T;
    sorted[second] = a;
  }
  return sorted;
}
