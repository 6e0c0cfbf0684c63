import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  maskEmail,
  maskName,
  paymentBankName,
  refundsMadeNetSen,
  type PaymentDto,
  type PaymentEventDto,
  type PaymentEventSource,
  type PaymentEventType,
} from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { GetPaymentQuery } from './get-payment.query';

function reasonOf(data: unknown): string | null {
  const d = (data ?? {}) as { reason?: unknown; answer?: { reason?: unknown } };
  const reason = d.answer?.reason ?? d.reason;
  return typeof reason === 'string' ? reason : null;
}

/**
 * A payment's status, items with receipt numbers, and its timeline. The public view (the reference alone)
 * masks the payer's name and email; the full view (token holder, owner) shows them whole.
 */
@QueryHandler(GetPaymentQuery)
export class GetPaymentHandler implements IQueryHandler<GetPaymentQuery, PaymentDto> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ reference, view }: GetPaymentQuery): Promise<PaymentDto> {
    const payment = await this.prisma.payment.findUnique({
      where: { reference },
      include: {
        items: { orderBy: { position: 'asc' }, include: { payable: { select: { displayNo: true } } } },
        events: { orderBy: { id: 'asc' } },
        refunds: { where: { gatewayAnswerId: null }, select: { state: true, correctsRefundId: true, amountSen: true } },
      },
    });
    if (!payment) throw new ApiError(404, 'not_found', 'Not Found!');
    const events: PaymentEventDto[] = payment.events.map((e) => ({
      // Written only from PAYMENT_EVENT_TYPES and PAYMENT_EVENT_SOURCES (api-codes.spec.ts reads the writers).
      type: e.type as PaymentEventType,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      source: e.source as PaymentEventSource,
      at: e.createdAt.toISOString(),
      reason: reasonOf(e.data),
    }));
    return {
      reference: payment.reference,
      view,
      invoiceNo: payment.invoiceNo,
      status: payment.status,
      late: payment.late,
      method: payment.method,
      bankId: payment.bankId,
      cardMethod: payment.cardMethod,
      cardBank: payment.cardBank,
      amountSen: payment.amountSen,
      refundDueSen: payment.refundDueSen,
      payerName: view === 'full' ? payment.payerName : maskName(payment.payerName),
      payerEmail: view === 'full' ? payment.payerEmail : maskEmail(payment.payerEmail),
      gatewayCode: payment.gatewayCode,
      gatewayReason: payment.gatewayReason,
      createdAt: payment.createdAt.toISOString(),
      finalAt: payment.finalAt?.toISOString() ?? null,
      paidAt: payment.paidAt?.toISOString() ?? null,
      refundedSen: refundsMadeNetSen(payment.refunds),
      items: payment.items.map((i) => ({
        council: i.councilCode,
        type: i.type,
        accountNo: i.accountNo,
        displayNo: i.payable.displayNo,
        amountSen: i.amountSen,
        selection: i.selection,
        receiptNo: i.receiptNo,
        credited: i.creditedAt !== null,
      })),
      events,
      bankName: paymentBankName(payment),
    };
  }
}
