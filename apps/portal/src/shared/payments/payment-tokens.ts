/**
 * The tokens of the payments made in this browser tab: the proof the API asks of a guest to cancel a payment,
 * ask its bank again or see it whole (sent in PAYMENT_TOKEN_HEADER). The API gives each token once, when it
 * creates the payment; it is kept in sessionStorage, which survives the trip to the bank's page and back in
 * the same tab, and ends with the tab (a shared computer does not keep it). A signed-in owner needs none.
 */
export const PAYMENT_TOKENS_KEY = 'cp_payment_tokens';
/** The most payments one tab remembers (the oldest are forgotten first). */
export const MAX_REMEMBERED_TOKENS = 20;

type Tokens = Record<string, string>;

function defaultStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage disabled by the browser's settings: the payer still pays; only the guest actions are lost.
    return null;
  }
}

function read(storage: Storage | null): Tokens {
  try {
    const value: unknown = JSON.parse(storage?.getItem(PAYMENT_TOKENS_KEY) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Tokens) : {};
  } catch {
    return {};
  }
}

/** Keeps the token of a payment just created. */
export function rememberPaymentToken(
  reference: string,
  token: string,
  storage: Storage | null = defaultStorage(),
): void {
  const kept = Object.entries(read(storage)).filter(([ref]) => ref !== reference);
  const tokens = Object.fromEntries([...kept, [reference, token]].slice(-MAX_REMEMBERED_TOKENS));
  try {
    storage?.setItem(PAYMENT_TOKENS_KEY, JSON.stringify(tokens));
  } catch {
    // Full or disabled storage: as above.
  }
}

/** The token of a payment made in this tab, or null. */
export function paymentTokenFor(reference: string, storage: Storage | null = defaultStorage()): string | null {
  const token = read(storage)[reference];
  return typeof token === 'string' ? token : null;
}

/** The references of the payments made in this tab, newest first. */
export function rememberedReferences(storage: Storage | null = defaultStorage()): string[] {
  return Object.keys(read(storage)).reverse();
}
