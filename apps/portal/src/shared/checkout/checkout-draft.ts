/**
 * What the payer chose on the way through checkout (details, then method, then bank), kept for the tab's
 * session so a reload or the back button does not lose it. Card numbers never pass through here: the card
 * form belongs to the gateway.
 */
import {
  isCardBank,
  normaliseEmail,
  isPhone,
  normalisePhone,
  type CardMethodCode,
  type PayerRequest,
  type PaymentMethodRequest,
} from '@councilpay/domain';
import type { MessageKey } from '@councilpay/i18n';

export interface CheckoutDraft {
  payer: PayerRequest | null;
  /**
   * FPX (with the bank, once chosen) or card (with the card's bank, a code of CARD_BANK_LIST, once chosen; a draft
   * saved before the card's bank was asked has none); null until chosen.
   */
  method:
    | { type: 'fpx'; bankId: string | null }
    | { type: 'card'; cardMethod: CardMethodCode; cardBank?: string | null }
    | null;
}

export const CHECKOUT_STORAGE_KEY = 'councilpay.checkout';
export const EMPTY_DRAFT: CheckoutDraft = { payer: null, method: null };

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function store(): SessionStore | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function readDraft(storage: SessionStore | undefined = store()): CheckoutDraft {
  try {
    const parsed = JSON.parse(storage?.getItem(CHECKOUT_STORAGE_KEY) ?? 'null') as Partial<CheckoutDraft> | null;
    return { payer: parsed?.payer ?? null, method: parsed?.method ?? null };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(draft: CheckoutDraft, storage: SessionStore | undefined = store()): void {
  try {
    storage?.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the choice lasts for this page only.
  }
}

export function clearDraft(storage: SessionStore | undefined = store()): void {
  try {
    storage?.removeItem(CHECKOUT_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * The payment method as POST /api/payments takes it, or null while a bank (FPX's, or the card's) is still to be
 * chosen.
 */
export function paymentMethod(method: CheckoutDraft['method']): PaymentMethodRequest | null {
  if (!method) return null;
  if (method.type === 'card') {
    return isCardBank(method.cardBank)
      ? { type: 'card', cardMethod: method.cardMethod, cardBank: method.cardBank }
      : null;
  }
  return method.bankId ? { type: 'fpx', bankId: method.bankId } : null;
}

/** Spaces are stripped from the e-mail; the phone is sent in its canonical E.164 form. */
export function cleanPayer(payer: PayerRequest): PayerRequest {
  return { name: payer.name.trim(), email: normaliseEmail(payer.email), phone: normalisePhone(payer.phone) };
}

export type PayerErrors = Partial<Record<keyof PayerRequest, MessageKey>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every field required; a valid e-mail; a phone number as people write one (libs/domain phone rule). */
export function checkPayer(payer: PayerRequest): PayerErrors {
  const clean = cleanPayer(payer);
  const errors: PayerErrors = {};
  if (!clean.name) errors.name = 'validation.field_required';
  if (!clean.email) errors.email = 'validation.field_required';
  else if (!EMAIL.test(clean.email)) errors.email = 'validation.email_format';
  if (!clean.phone) errors.phone = 'validation.field_required';
  else if (!isPhone(clean.phone)) errors.phone = 'checkout.phone_format';
  return errors;
}
