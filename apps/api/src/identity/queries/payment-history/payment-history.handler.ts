import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { paymentBankName, type HistoryRowDto, type Page, type PaymentDto } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { GetPaymentQuery } from '../../../payments/queries/get-payment/get-payment.query';
import { PrismaService } from '../../../prisma/prisma.service';
import { ownPayments } from '../../../payments/own-payments';
import { GetOwnPaymentQuery, PaymentHistoryQuery } from './payment-history.query';

/** One row per bill paid, newest payment first; only the user's own payments (see ownPayments). */
@QueryHandler(PaymentHistoryQuery)
export class PaymentHistoryHandler implements IQueryHandler<PaymentHistoryQuery, Page<HistoryRowDto>> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, page, pageSize }: PaymentHistoryQuery): Promise<Page<HistoryRowDto>> {
    const where = { payment: ownPayments(principal) };
    const [total, items] = await this.prisma.$transaction([
      this.prisma.paymentItem.count({ where }),
      this.prisma.paymentItem.findMany({
        where,
        orderBy: [{ payment: { createdAt: 'desc' } }, { paymentId: 'asc' }, { position: 'asc' }],
        skip: (page - 1) * pageSize,
        take: pageSize,
        include: {
          payment: {
            select: {
              reference: true,
              status: true,
              createdAt: true,
              method: true,
              bankId: true,
              cardMethod: true,
              cardBank: true,
            },
          },
          payable: { select: { displayNo: true } },
        },
      }),
    ]);
    return {
      rows: items.map((item) => ({
        date: item.payment.createdAt.toISOString(),
        reference: item.payment.reference,
        council: item.councilCode,
        paymentType: item.type,
        accountNo: item.accountNo,
        displayNo: item.payable.displayNo,
        amountSen: item.amountSen,
        status: item.payment.status,
        receiptNo: item.receiptNo,
        method: item.payment.method,
        bankName: paymentBankName(item.payment),
        cardMethod: item.payment.cardMethod,
      })),
      page,
      pageSize,
      total,
    };
  }
}

/** The user's own payment, as the receipt page reads it; anyone else's is "not found". */
@QueryHandler(GetOwnPaymentQuery)
export class GetOwnPaymentHandler implements IQueryHandler<GetOwnPaymentQuery, PaymentDto> {
  constructor(
    private readonly prisma: PrismaService,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ principal, reference }: GetOwnPaymentQuery): Promise<PaymentDto> {
    const own = await this.prisma.payment.findFirst({
      where: { AND: [{ reference }, ownPayments(principal)] },
      select: { reference: true },
    });
    if (!own) throw new ApiError(404, 'not_found', 'Not Found!');
    return this.queryBus.execute(new GetPaymentQuery(reference));
  }
}
