import { CanActivate, createParamDecorator, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { PAYMENT_ACTIONS_PER_ADDRESS, PAYMENT_TOKEN_HEADER, type PaymentView } from '@councilpay/domain';
import { ApiError } from '../http/api-error';
import type { Principal } from '../auth/principal';
import { ownPayments } from './own-payments';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { PrismaService } from '../prisma/prisma.service';

/** A token as issued: 32 random bytes, base64url (43 characters). Anything else is not one. */
const TOKEN_PATTERN = /^[\w-]{43}$/;

export function paymentTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new payment token and the hash the payment row keeps (the token itself is never stored). */
export function newPaymentToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: paymentTokenHash(token) };
}

/** The token a request carries (PAYMENT_TOKEN_HEADER), when it is shaped like one. */
export function tokenOf(req: Request): string | null {
  const sent = req.get(PAYMENT_TOKEN_HEADER);
  return sent && TOKEN_PATTERN.test(sent) ? sent : null;
}

export const PaymentToken = createParamDecorator((_data: unknown, context: ExecutionContext): string | null =>
  tokenOf(context.switchToHttp().getRequest<Request>()),
);

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export function paymentNotFound(): ApiError {
  return new ApiError(404, 'not_found', 'Not Found!');
}

/**
 * Who may act on a payment by its reference: whoever holds the token its creation gave, or its owner signed in
 * (the payments that are a user's own, as history shows them). Everyone else is told it does not exist (404,
 * never 403: a reference alone must not even confirm that a payment exists to act on).
 */
@Injectable()
export class PaymentCapability {
  constructor(private readonly prisma: PrismaService) {}

  /** The view this caller gets of the payment: `full` with proof, `public` without; null when there is no such payment. */
  async viewOf(reference: string, token: string | null, principal: Principal | undefined): Promise<PaymentView | null> {
    const payment = await this.prisma.payment.findUnique({ where: { reference }, select: { tokenHash: true } });
    if (!payment) return null;
    if (token && payment.tokenHash && sameHash(paymentTokenHash(token), payment.tokenHash)) return 'full';
    if (principal) {
      const own = await this.prisma.payment.count({ where: { AND: [{ reference }, ownPayments(principal)] } });
      if (own > 0) return 'full';
    }
    return 'public';
  }

  /** Throws 404 unless the caller holds the payment's token or owns it. */
  async require(reference: string, token: string | null, principal: Principal | undefined): Promise<void> {
    if ((await this.viewOf(reference, token, principal)) !== 'full') throw paymentNotFound();
  }
}

/**
 * The guard behind cancel and requery: counts the attempt against the caller's address (so tokens cannot be
 * guessed at speed, nor the routes hammered), then asks PaymentCapability. Nothing about the payment is read
 * before the count.
 */
@Injectable()
export class PaymentHolderGuard implements CanActivate {
  private readonly logger = new Logger(PaymentHolderGuard.name);

  constructor(
    private readonly capability: PaymentCapability,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const reference = String(req.params.reference ?? '');
    await this.limiter.take(
      `payment-action:address:${req.ip ?? 'unknown'}`,
      PAYMENT_ACTIONS_PER_ADDRESS,
      'Too many requests. Please wait a while and try again.',
    );
    const principal = req.user as Principal | undefined;
    const view = await this.capability.viewOf(reference, tokenOf(req), principal);
    if (view === 'full') return true;
    if (view === 'public') this.logger.warn({ reference, address: req.ip }, 'Payment action without proof refused');
    throw paymentNotFound();
  }
}
