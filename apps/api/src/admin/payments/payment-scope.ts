import { Injectable } from '@nestjs/common';
import { councilsWhere, type RefundDecider, type StaffPower } from '@councilpay/domain';
import type { Prisma } from '../../generated/prisma/client';
import { ApiError } from '../../http/api-error';
import { councilScope, type CouncilScope } from '../../auth/roles';
import type { Principal } from '../../auth/principal';
import { PrismaService } from '../../prisma/prisma.service';

/** The payments a staff member may see: every one for `_admin`, those with an item of their councils otherwise. */
export function visiblePayments(scope: CouncilScope): Prisma.PaymentWhereInput {
  return scope.all ? {} : { items: { some: { councilCode: { in: scope.councils } } } };
}

export interface ScopedPayment {
  reference: string;
  councils: string[];
  /** Every council of the payment is one of the staff member's (always for `_admin`). */
  wholly: boolean;
}

/** Finds a payment the staff member may see, or answers 404 as if it did not exist. */
@Injectable()
export class PaymentScope {
  constructor(private readonly prisma: PrismaService) {}

  async find(principal: Principal, reference: string): Promise<ScopedPayment> {
    const scope = councilScope(principal);
    const payment = await this.prisma.payment.findFirst({
      where: { AND: [{ reference }, visiblePayments(scope)] },
      select: { reference: true, items: { select: { councilCode: true } } },
    });
    if (!payment) throw new ApiError(404, 'not_found', 'Not Found!');
    const councils = [...new Set(payment.items.map((i) => i.councilCode))].sort();
    return { reference, councils, wholly: scope.all || councils.every((c) => scope.councils.includes(c)) };
  }
}

/**
 * The staff member as the refund rules of libs/domain weigh them: `_admin`, or staff of some councils (the councils
 * of the route's roles; with a power, only those where they hold it: what a list offers them to do).
 */
export function refundDecider(principal: Principal, power?: StaffPower): RefundDecider {
  const scope = councilScope(principal);
  if (scope.all) return { id: principal.id, systemAdmin: true, councils: [] };
  const where = power ? councilsWhere(principal, power) : scope.councils;
  return { id: principal.id, systemAdmin: false, councils: where === 'all' ? [] : where };
}
