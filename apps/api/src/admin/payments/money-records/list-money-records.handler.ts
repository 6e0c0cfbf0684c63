import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminGatewayAnswerRow, AdminRefundRow } from '@councilpay/domain';
import { PrismaService } from '../../../prisma/prisma.service';
import { PaymentScope, refundDecider } from '../payment-scope';
import { ListGatewayAnswersQuery, ListRefundsQuery } from './list-money-records.query';
import { REFUND_INCLUDE, refundActions, toGatewayAnswerRow, toRefundRow } from '../../../payments/money-rows';

/** One payment's answers are few (a handful of deliveries and enquiries); a cap keeps a flood bounded. */
const MAX_ROWS = 500;

@QueryHandler(ListGatewayAnswersQuery)
export class ListGatewayAnswersHandler implements IQueryHandler<ListGatewayAnswersQuery, AdminGatewayAnswerRow[]> {
  constructor(
    private readonly scope: PaymentScope,
    private readonly prisma: PrismaService,
  ) {}

  async execute({ principal, reference }: ListGatewayAnswersQuery): Promise<AdminGatewayAnswerRow[]> {
    await this.scope.find(principal, reference);
    const rows = await this.prisma.gatewayAnswer.findMany({
      where: { payment: { reference } },
      orderBy: { id: 'asc' },
      take: MAX_ROWS,
    });
    return rows.map((r) => toGatewayAnswerRow(r, reference));
  }
}

@QueryHandler(ListRefundsQuery)
export class ListRefundsHandler implements IQueryHandler<ListRefundsQuery, AdminRefundRow[]> {
  constructor(
    private readonly scope: PaymentScope,
    private readonly prisma: PrismaService,
  ) {}

  async execute({ principal, reference }: ListRefundsQuery): Promise<AdminRefundRow[]> {
    const { councils } = await this.scope.find(principal, reference);
    const rows = await this.prisma.refund.findMany({
      where: { payment: { reference } },
      include: REFUND_INCLUDE,
      orderBy: { createdAt: 'asc' },
      take: MAX_ROWS,
    });
    // Approving, declining and correcting are an approver's: offered only where the caller holds that power.
    const decider = refundDecider(principal, 'approve');
    return rows.map((r) => toRefundRow(r, reference, refundActions(r, decider, councils)));
  }
}
