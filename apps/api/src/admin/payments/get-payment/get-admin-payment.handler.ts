import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { AdminPaymentView, PaymentDto } from '@councilpay/domain';
import { GetPaymentQuery } from '../../../payments/queries/get-payment/get-payment.query';
import { PrismaService } from '../../../prisma/prisma.service';
import { toStaffAuditRow } from '../../audit/staff-audit';
import { NOTIFICATION_INCLUDE, toAdminNotificationRow } from '../../notifications/notification-row';
import { PaymentScope } from '../payment-scope';
import { GetAdminPaymentQuery } from './get-admin-payment.query';

/**
 * The payment as the receipt page shows it, plus what staff need: whole contact details, councils, gateway id,
 * the messages sent about it and what staff did to it.
 */
@QueryHandler(GetAdminPaymentQuery)
export class GetAdminPaymentHandler implements IQueryHandler<GetAdminPaymentQuery, AdminPaymentView> {
  constructor(
    private readonly scope: PaymentScope,
    private readonly prisma: PrismaService,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ principal, reference }: GetAdminPaymentQuery): Promise<AdminPaymentView> {
    const { councils } = await this.scope.find(principal, reference);
    const [payment, staff, audit] = await Promise.all([
      this.queryBus.execute<GetPaymentQuery, PaymentDto>(new GetPaymentQuery(reference)),
      this.prisma.payment.findUniqueOrThrow({
        where: { reference },
        select: {
          payerEmail: true,
          payerPhone: true,
          gatewayTxnId: true,
          userId: true,
          notifications: { include: NOTIFICATION_INCLUDE, orderBy: { createdAt: 'asc' } },
          items: {
            select: {
              id: true,
              councilCode: true,
              accountNo: true,
              amountSen: true,
              refundItems: { select: { amountSen: true } },
            },
            orderBy: { id: 'asc' },
          },
        },
      }),
      this.prisma.staffAudit.findMany({
        where: { targetType: 'payment', targetId: reference },
        orderBy: { id: 'asc' },
        take: 200,
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
      notifications: staff.notifications.map(toAdminNotificationRow),
      audit: audit.map(toStaffAuditRow),
      refundItems: staff.items.map((i) => ({
        id: i.id,
        council: i.councilCode,
        accountNo: i.accountNo,
        amountSen: i.amountSen,
        refundedSen: i.refundItems.reduce((sum, r) => sum + r.amountSen, 0),
      })),
    };
  }
}
