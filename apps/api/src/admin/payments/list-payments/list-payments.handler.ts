import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ADMIN_PAYMENT_SORTS, MALAYSIA_UTC_OFFSET_MS, type AdminPaymentRow } from '@councilpay/domain';
import type { Payment, Prisma } from '../../../generated/prisma/client';
import { ApiError } from '../../../http/api-error';
import { councilScope } from '../../../identity/roles';
import { PrismaService } from '../../../prisma/prisma.service';
import { listWindow, type ListPage } from '../../list-query';
import { visiblePayments } from '../payment-scope';
import { ListPaymentsQuery } from './list-payments.query';

const DAY_MS = 24 * 3600_000;

/** A filter bound: a date is a Malaysian day (its start, or for `to` the start of the next), a time is itself. */
export function boundOf(value: string, field: 'from' | 'to'): { gte: Date } | { lt: Date } | { lte: Date } {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const at = day
    ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) - MALAYSIA_UTC_OFFSET_MS)
    : new Date(value);
  if (Number.isNaN(at.getTime()))
    throw new ApiError(400, 'validation_failed', `${field} is not a date`, undefined, field);
  if (field === 'from') return { gte: at };
  return day ? { lt: new Date(at.getTime() + DAY_MS) } : { lte: at };
}

export function toAdminPaymentRow(payment: Payment & { items: { councilCode: string }[] }): AdminPaymentRow {
  return {
    id: payment.reference,
    reference: payment.reference,
    invoiceNo: payment.invoiceNo,
    status: payment.status,
    late: payment.late,
    method: payment.method,
    bankId: payment.bankId,
    cardMethod: payment.cardMethod,
    amountSen: payment.amountSen,
    refundDueSen: payment.refundDueSen,
    payerName: payment.payerName,
    payerEmail: payment.payerEmail,
    payerPhone: payment.payerPhone,
    councils: [...new Set(payment.items.map((i) => i.councilCode))].sort(),
    signedIn: payment.userId !== null,
    createdAt: payment.createdAt.toISOString(),
    finalAt: payment.finalAt?.toISOString() ?? null,
  };
}

/** Payments for reconciliation, filtered, sorted and paged by the database; a council admin's councils only. */
@QueryHandler(ListPaymentsQuery)
export class ListPaymentsHandler implements IQueryHandler<
  ListPaymentsQuery,
  { rows: AdminPaymentRow[]; total: number }
> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, request: q }: ListPaymentsQuery): Promise<ListPage<AdminPaymentRow>> {
    const window = listWindow(q, ADMIN_PAYMENT_SORTS, { sort: 'createdAt', order: 'desc' });
    const filters: Prisma.PaymentWhereInput[] = [visiblePayments(councilScope(principal))];
    if (q.council) filters.push({ items: { some: { councilCode: q.council } } });
    if (q.status) filters.push({ status: q.status });
    if (q.method) filters.push({ method: q.method });
    if (q.reference) filters.push({ reference: { startsWith: q.reference } });
    if (q.id) filters.push({ reference: { in: q.id } });
    if (q.from) filters.push({ createdAt: boundOf(q.from, 'from') });
    if (q.to) filters.push({ createdAt: boundOf(q.to, 'to') });
    const where = { AND: filters };
    const [total, payments] = await this.prisma.$transaction([
      this.prisma.payment.count({ where }),
      this.prisma.payment.findMany({
        where,
        orderBy: [{ [window.sort]: window.order }, { id: 'asc' }],
        skip: window.skip,
        take: window.take,
        include: { items: { select: { councilCode: true } } },
      }),
    ]);
    return { rows: payments.map(toAdminPaymentRow), total };
  }
}
