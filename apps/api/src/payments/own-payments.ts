import type { Prisma } from '../generated/prisma/client';
import type { Principal } from '../auth/principal';

/**
 * The payments that are a user's own: made while signed in as them, and, once their email is verified,
 * the guest payments made with that email (a guest payment with an address someone registered but never
 * verified stays with whoever paid it). The one place this rule lives.
 */
export function ownPayments(principal: Principal): Prisma.PaymentWhereInput {
  const mine: Prisma.PaymentWhereInput[] = [{ userId: principal.id }];
  if (principal.emailVerified) mine.push({ userId: null, payerEmail: principal.email });
  return { OR: mine };
}
