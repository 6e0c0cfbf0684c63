/**
 * Card checks of the simulated card page (Luhn, brand, expiry, CVV) and the documented test cards.
 * Any other number that passes the checks is approved.
 */

export type CardOutcome = { kind: 'approve' } | { kind: 'decline'; errDesc: string } | { kind: 'pending' };

export interface TestCard {
  number: string;
  brand: string;
  outcome: CardOutcome;
  /** What the 'Test cards' box says. */
  description: string;
}

export const TEST_CARDS: readonly TestCard[] = Object.freeze([
  { number: '4111111111111111', brand: 'Visa', outcome: { kind: 'approve' }, description: 'Approved (status 1)' },
  { number: '5555555555554444', brand: 'Mastercard', outcome: { kind: 'approve' }, description: 'Approved (status 1)' },
  {
    number: '4000000000000002',
    brand: 'Visa',
    outcome: { kind: 'decline', errDesc: 'Card declined' },
    description: "Declined (status 0, 'Card declined')",
  },
  {
    number: '4000000000009995',
    brand: 'Visa',
    outcome: { kind: 'decline', errDesc: 'Insufficient funds' },
    description: "Declined (status 0, 'Insufficient funds')",
  },
  { number: '4000000000000259', brand: 'Visa', outcome: { kind: 'pending' }, description: 'Pending (status 6)' },
]);

/** A card number grouped by fours for display: "4111 1111 1111 1111". */
export function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Digits of a typed card number (spaces and dashes allowed), or null when anything else is in it. */
export function cardDigits(input: string): string | null {
  const stripped = input.replace(/[\s-]/g, '');
  return /^\d+$/.test(stripped) ? stripped : null;
}

/** The Luhn (mod 10) check. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Card brand from the number's prefix. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}

export interface CardForm {
  cardNumber: string;
  cardName: string;
  expMonth: string;
  expYear: string;
  cvv: string;
}

export interface CardCheck {
  /** Problems keyed by form field, in form order; empty when the card can be charged. */
  errors: { field: keyof CardForm; message: string }[];
  digits: string;
  brand: string;
  last4: string;
}

/** Years offered in the expiry select: this year to ten years on. */
export function expiryYears(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: 11 }, (_, i) => year + i);
}

/** Checks what the payer typed. Never keeps or returns the CVV. */
export function checkCardForm(form: CardForm, now: Date = new Date()): CardCheck {
  const errors: CardCheck['errors'] = [];
  const digits = cardDigits(form.cardNumber) ?? '';
  if (form.cardNumber.trim() === '') errors.push({ field: 'cardNumber', message: 'Enter the card number.' });
  else if (digits.length < 12 || digits.length > 19 || !luhnValid(digits)) {
    errors.push({ field: 'cardNumber', message: 'The card number is not valid. Check the digits and try again.' });
  }
  if (form.cardName.trim() === '') errors.push({ field: 'cardName', message: 'Enter the name on the card.' });
  else if (form.cardName.trim().length > 60)
    errors.push({ field: 'cardName', message: 'The name on the card is at most 60 characters.' });
  const month = /^\d{1,2}$/.test(form.expMonth) ? Number(form.expMonth) : NaN;
  const year = /^\d{4}$/.test(form.expYear) ? Number(form.expYear) : NaN;
  const years = expiryYears(now);
  if (!(month >= 1 && month <= 12)) errors.push({ field: 'expMonth', message: 'Choose the expiry month (1 to 12).' });
  if (!years.includes(year))
    errors.push({ field: 'expYear', message: `Choose the expiry year (${years[0]} to ${years[years.length - 1]}).` });
  else if (
    month >= 1 &&
    month <= 12 &&
    (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
  ) {
    errors.push({ field: 'expMonth', message: 'The card has expired.' });
  }
  const brand = cardBrand(digits);
  const cvvLength = brand === 'American Express' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvvLength}}$`).test(form.cvv.trim()))
    errors.push({ field: 'cvv', message: `Enter the ${cvvLength}-digit security code (CVV).` });
  return { errors, digits, brand, last4: digits.slice(-4) };
}

/** What charging the card does: the test card's outcome, else approved. */
export function cardOutcome(digits: string): CardOutcome {
  return TEST_CARDS.find((card) => card.number === digits)?.outcome ?? { kind: 'approve' };
}
