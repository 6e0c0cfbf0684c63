import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import {
  refundsAwaitingSen,
  refundsMadeNetSen,
  type AdminPaymentView,
  type PaymentDto,
  type RefundState,
} from '@councilpay/domain';
import { GetPaymentQuery } from '../../../payments/queries/get-payment/get-payment.query';
import { PrismaService } from '../../../prisma/prisma.service';
import { toStaffAuditRow } from '../../../audit/staff-audit';
import { NOTIFICATION_INCLUDE, toAdminNotificationRow } from '../../notifications/notification-row';
import { PaymentScope } from '../payment-scope';
import { GetAdminPaymentQuery } from './get-admin-payment.query';

/** What the refunds of an item come to: made (net of corrections) and held back by those awaiting approval. */
function itemRefunds(rows: { amountSen: number; refund: { state: RefundState; correctsRefundId: string | null } }[]): {
  refundedSen: number;
  awaitingSen: number;
} {
  const counted = rows.map((r) => ({ ...r.refund, amountSen: r.amountSen }));
  return { refundedSen: refundsMadeNetSen(counted), awaitingSen: refundsAwaitingSen(counted) };
}

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
              creditedAt: true,
              payable: {
                select: {
                  lastImport: {
                    select: {
                      id: true,
                      councilCode: true,
                      type: true,
                      source: true,
                      fileName: true,
                      confirmedAt: true,
                      createdAt: true,
                    },
                  },
                },
              },
              refundItems: {
                select: { amountSen: true, refund: { select: { state: true, correctsRefundId: true } } },
              },
            },
            orderBy: [{ position: 'asc' }, { id: 'asc' }],
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
        ...itemRefunds(i.refundItems),
        credited: i.creditedAt !== null,
      })),
      billImports: staff.items.map(({ payable }) => {
        const imp = payable.lastImport;
        if (!imp) return null;
        const { confirmedAt, createdAt, ...stamp } = imp;
        return { ...stamp, at: (confirmedAt ?? createdAt).toISOString() };
      }),
    };
  }
}
