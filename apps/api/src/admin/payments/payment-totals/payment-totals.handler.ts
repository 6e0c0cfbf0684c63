import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminPaymentTotals } from '@councilpay/domain';
import { councilScope } from '../../../auth/roles';
import { PrismaService } from '../../../prisma/prisma.service';
import { MoneyLedger, shareCouncils } from '../../../money/money-ledger';
import { paymentsWhere } from '../list-payments/list-payments.handler';
import { GetPaymentTotalsQuery } from './payment-totals.query';

/** The list's filters, added up by the MoneyLedger: payments, their amounts, the councils' share and refunds. */
@QueryHandler(GetPaymentTotalsQuery)
export class GetPaymentTotalsHandler implements IQueryHandler<GetPaymentTotalsQuery, AdminPaymentTotals> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly money: MoneyLedger,
  ) {}

  async execute({ principal, request }: GetPaymentTotalsQuery): Promise<AdminPaymentTotals> {
    const filters = { ...request, _start: undefined, _end: undefined, _sort: undefined, _order: undefined };
    return this.money.totals(
      await paymentsWhere(this.prisma, principal, filters),
      shareCouncils(councilScope(principal), request.council),
    );
  }
}
