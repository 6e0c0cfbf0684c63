/**
 * The card form's fixed bank list: the banks a card payment's card may be issued by, 16 Malaysian banks in
 * alphabetical order, Affin through RHB (the list the card form has always offered). The payer names the card's
 * bank on the card step, the API takes only these, and the receipt, the history and the console show its name.
 * Codes are our own (the card gateway has no bank codes): what a payment sends and stores (`method.cardBank`).
 * Bank names are names, the same in every language.
 */
import { bankDisplayName } from './fpx-banks';

export const CARD_BANK_LIST = Object.freeze([
  { code: 'AFFIN', name: 'Affin Bank' },
  { code: 'ALLIANCE', name: 'Alliance Bank' },
  { code: 'AMBANK', name: 'AmBank' },
  { code: 'BANK_ISLAM', name: 'Bank Islam' },
  { code: 'BANK_MUAMALAT', name: 'Bank Muamalat' },
  { code: 'BANK_RAKYAT', name: 'Bank Rakyat' },
  { code: 'BSN', name: 'Bank Simpanan Nasional' },
  { code: 'CIMB', name: 'CIMB Bank' },
  { code: 'CITIBANK', name: 'Citibank' },
  { code: 'HONG_LEONG', name: 'Hong Leong Bank' },
  { code: 'HSBC', name: 'HSBC Bank' },
  { code: 'KFH', name: 'Kuwait Finance House' },
  { code: 'MAYBANK', name: 'Maybank' },
  { code: 'OCBC', name: 'OCBC Bank' },
  { code: 'PUBLIC_BANK', name: 'Public Bank' },
  { code: 'RHB', name: 'RHB Bank' },
] as const);

export type CardBankCode = (typeof CARD_BANK_LIST)[number]['code'];
export type CardBank = (typeof CARD_BANK_LIST)[number]['name'];

/** The list's names, in its order. */
export const CARD_BANKS: readonly CardBank[] = Object.freeze(CARD_BANK_LIST.map((bank) => bank.name));

const CARD_BANK_NAMES: ReadonlyMap<string, string> = new Map(CARD_BANK_LIST.map((bank) => [bank.code, bank.name]));

/** True for a code of the list (exactly as listed). */
export function isCardBank(code: unknown): code is CardBankCode {
  return typeof code === 'string' && CARD_BANK_NAMES.has(code);
}

/** The name of a card's bank; a code not on the list (kept from elsewhere) is shown as itself. */
export function cardBankName(code: string): string {
  return CARD_BANK_NAMES.get(code) ?? code;
}

/**
 * The bank a payment went through, by name, wherever a payment's bank is shown (receipt, history, console): FPX's
 * bank, or the card's bank; null when none is known (a card payment made before its bank was asked).
 */
export function paymentBankName(payment: {
  method: 'fpx' | 'card';
  bankId: string | null;
  cardBank: string | null;
}): string | null {
  if (payment.method === 'card') return payment.cardBank ? cardBankName(payment.cardBank) : null;
  return payment.bankId ? bankDisplayName(payment.bankId) : null;
}
