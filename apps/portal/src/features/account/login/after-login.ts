import { ROUTES } from '../../../shared/routing/paths';

export interface LoginPlace {
  /** Where the login dialog is now (a failed login brings it home). */
  at: string;
  /** Where the payer first opened it, when a failed login moved them home since; null otherwise. */
  origin: string | null;
  /** Whether the cart holds something to pay. */
  cartHasItems: boolean;
}

/**
 * Where a successful login takes the payer, or null to stay: back to where they were when they opened the
 * login; from home, on to checkout only when the cart holds something to pay (never to an empty checkout).
 */
export function afterLoginDestination({ at, origin, cartHasItems }: LoginPlace): string | null {
  const from = origin ?? at;
  if (from === ROUTES.home) return cartHasItems ? ROUTES.checkout : at === ROUTES.home ? null : ROUTES.home;
  return from === at ? null : from;
}
