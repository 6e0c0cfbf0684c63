import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ADMIN_COUNT_CAP, PAYMENT_STATES, type AdminPaymentStatusCounts } from '@councilpay/domain';
import { PrismaService } from '../../../prisma/prisma.service';
import { boundedCount } from '../../../http/list-query';
import { paymentsWhere } from '../list-payments/list-payments.handler';
import { GetPaymentStatusCountsQuery } from './status-counts.query';

/**
 * The status tabs' counts: the list's filters but its status, one count per status, each stopping at
 * ADMIN_COUNT_CAP + 1 (shown as "10,000+") and given the list's count budget (null when it would take longer).
 * The work is bounded whatever the table's size.
 */
@QueryHandler(GetPaymentStatusCountsQuery)
export class GetPaymentStatusCountsHandler implements IQueryHandler<
  GetPaymentStatusCountsQuery,
  AdminPaymentStatusCounts
> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, request }: GetPaymentStatusCountsQuery): Promise<AdminPaymentStatusCounts> {
    const filters = { ...request, status: undefined, _start: undefined, _end: undefined, _sort: undefined };
    const where = await paymentsWhere(this.prisma, principal, { ...filters, _order: undefined });
    const counts = await Promise.all(
      PAYMENT_STATES.map((status) =>
        boundedCount(this.prisma, (tx) =>
          // Newest first, as the list reads them (the status and time index serves it); Prisma's own order for a
          // capped count is by id, a random walk through the table.
          tx.payment.count({
            where: { AND: [where, { status }] },
            orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
            take: ADMIN_COUNT_CAP + 1,
          }),
        ),
      ),
    );
    return {
      cap: ADMIN_COUNT_CAP,
      counts: Object.fromEntries(
        PAYMENT_STATES.map((status, i) => [status, counts[i] ?? null]),
      ) as AdminPaymentStatusCounts['counts'],
    };
  }
}
