import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { AdminPaymentDetail, PaymentDto } from '@councilpay/domain';
import { GetPaymentQuery } from '../../../payments/queries/get-payment/get-payment.query';
import { PrismaService } from '../../../prisma/prisma.service';
import { PaymentScope } from '../payment-scope';
import { GetAdminPaymentQuery } from './get-admin-payment.query';

/** The payment as the receipt page shows it, plus what staff need: whole contact details, councils, gateway id. */
@QueryHandler(GetAdminPaymentQuery)
export class GetAdminPaymentHandler implements IQueryHandler<GetAdminPaymentQuery, AdminPaymentDetail> {
  constructor(
    private readonly scope: PaymentScope,
    private readonly prisma: PrismaService,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ principal, reference }: GetAdminPaymentQuery): Promise<AdminPaymentDetail> {
    const { councils } = await this.scope.find(principal, reference);
    const [payment, staff] = await Promise.all([
      this.queryBus.execute<GetPaymentQuery, PaymentDto>(new GetPaymentQuery(reference)),
      this.prisma.payment.findUniqueOrThrow({
        where: { reference },
        select: { payerEmail: true, payerPhone: true, gatewayTxnId: true, userId: true },
      }),
    ]);
    return {
      ...payment,
      id: reference,
      payerEmail: staff.payerEmail,
      payerPhone: staff.payerPhone,
      councils,
      gatewayTxnId: staff.gatewayTxnId,
      signedIn: staff.userId !== null,
    };
  }
}
