import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  ADMIN_PAYMENT_SORTS,
  INVOICE_NO_LENGTH,
  MALAYSIA_UTC_OFFSET_MS,
  normaliseAccountId,
  PAYABLE_TYPES,
  phoneStoredForms,
  type AdminPaymentRow,
} from '@councilpay/domain';
import type { Payment, Prisma } from '../../../generated/prisma/client';
import { ApiError } from '../../../http/api-error';
import { councilScope } from '../../../auth/roles';
import { PrismaService } from '../../../prisma/prisma.service';
import { boundedCount, cappedPage, listWindow, prefixRange, type CappedPage } from '../../../http/list-query';
import { MoneyLedger, shareCouncils } from '../../../money/money-ledger';
import { visiblePayments } from '../payment-scope';
import { ListPaymentsQuery } from './list-payments.query';
import { paymentSearchWhere, REFERENCE_LENGTH } from './payment-search';

const DAY_MS = 24 * 3600_000;

/** A filter bound: a date is a Malaysian day (its start, or for `to` the start of the next), a time is itself. */
export function boundOf(
  value: string,
  field: 'from' | 'to' | 'paidFrom' | 'paidTo',
): { gte: Date } | { lt: Date } | { lte: Date } {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const at = day
    ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) - MALAYSIA_UTC_OFFSET_MS)
    : new Date(value);
  if (Number.isNaN(at.getTime()))
    throw new ApiError(400, 'validation_failed', `${field} is not a date`, undefined, field);
  if (field === 'from' || field === 'paidFrom') return { gte: at };
  return day ? { lt: new Date(at.getTime() + DAY_MS) } : { lte: at };
}

export function toAdminPaymentRow(
  payment: Payment & { items: { councilCode: string }[] },
  money: { shareSen: number; refundedSen: number },
): AdminPaymentRow {
  return {
    id: payment.reference,
    reference: payment.reference,
    invoiceNo: payment.invoiceNo,
    status: payment.status,
    late: payment.late,
    method: payment.method,
    bankId: payment.bankId,
    cardMethod: payment.cardMethod,
    cardBank: payment.cardBank,
    amountSen: payment.amountSen,
    shareSen: money.shareSen,
    refundedSen: money.refundedSen,
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

/** The account numbers a typed one may stand for: it normalised by each payable type's rule. */
function accountNumbers(raw: string): string[] {
  return [...new Set(PAYABLE_TYPES.map((type) => normaliseAccountId(type, raw)))];
}

/** The database filter of a payments list, within the caller's councils (`q`: the search box, paymentSearchWhere). */
export async function paymentsWhere(
  prisma: PrismaService,
  principal: ListPaymentsQuery['principal'],
  q: ListPaymentsQuery['request'],
): Promise<Prisma.PaymentWhereInput> {
  const filters: Prisma.PaymentWhereInput[] = [visiblePayments(councilScope(principal))];
  if (q.q) filters.push(await paymentSearchWhere(prisma, q.q));
  if (q.council) filters.push({ items: { some: { councilCode: q.council } } });
  if (q.status) filters.push({ status: { in: q.status } });
  if (q.method) filters.push({ method: q.method });
  if (q.bank) filters.push({ OR: [{ bankId: q.bank }, { cardMethod: q.bank }] });
  if (q.reference) filters.push({ reference: prefixRange(q.reference, REFERENCE_LENGTH, 'Z') });
  if (q.invoiceNo) filters.push({ invoiceNo: prefixRange(q.invoiceNo, INVOICE_NO_LENGTH, '9') });
  if (q.payerEmail) filters.push({ payerEmail: q.payerEmail });
  // Phones are stored in E.164; rows from before that hold the number as typed ("0123456789").
  if (q.payerPhone) filters.push({ payerPhone: { in: phoneStoredForms(q.payerPhone) } });
  if (q.accountNo) filters.push({ items: { some: { accountNo: { in: accountNumbers(q.accountNo) } } } });
  if (q.late !== undefined) filters.push({ late: q.late });
  if (q.refundDue !== undefined) filters.push({ refundDueSen: q.refundDue ? { gt: 0 } : 0 });
  if (q.id) filters.push({ reference: { in: q.id } });
  if (q.from) filters.push({ createdAt: boundOf(q.from, 'from') });
  if (q.to) filters.push({ createdAt: boundOf(q.to, 'to') });
  if (q.paidFrom) filters.push({ paidAt: boundOf(q.paidFrom, 'paidFrom') });
  if (q.paidTo) filters.push({ paidAt: boundOf(q.paidTo, 'paidTo') });
  return { AND: filters };
}

/**
 * Payments for staff, filtered, sorted and paged by the database; a council admin's councils only. Never
 * counted whole: a million payments answer as fast as a hundred (see cappedPage). Each row carries the money of
 * the list's councils (MoneyLedger): the share of its items and the refunds made of them.
 */
@QueryHandler(ListPaymentsQuery)
export class ListPaymentsHandler implements IQueryHandler<ListPaymentsQuery, CappedPage<AdminPaymentRow>> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly money: MoneyLedger,
  ) {}

  async execute({ principal, request: q }: ListPaymentsQuery): Promise<CappedPage<AdminPaymentRow>> {
    const window = listWindow(q, ADMIN_PAYMENT_SORTS, { sort: 'createdAt', order: 'desc' });
    const where = await paymentsWhere(this.prisma, principal, q);
    const orderBy = [{ [window.sort]: window.order }, { id: 'asc' as const }];
    const page = await cappedPage(
      window,
      // Counted up to the cap in the page's own order, which its index serves: without it Prisma takes the first
      // matches by id, a random order over the whole table, and a broad search (one payment in ten) read every
      // match before it could stop.
      (limit) => boundedCount(this.prisma, (tx) => tx.payment.count({ where, orderBy, take: limit })),
      (take) =>
        this.prisma.payment.findMany({
          where,
          orderBy,
          skip: window.skip,
          take,
          include: { items: { select: { councilCode: true } } },
        }),
      (payment) => payment,
    );
    const shares = await this.money.paymentShares(
      page.rows.map((p) => p.id),
      shareCouncils(councilScope(principal), q.council),
    );
    return { ...page, rows: page.rows.map((p) => toAdminPaymentRow(p, shares.get(p.id)!)) };
  }
}
