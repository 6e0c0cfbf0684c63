import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AdminRefundPreview } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { lockPayment } from '../../locked-payment';
import { planRefund, previewOf } from '../../refunds/refund-plan';
import { PreviewPaymentRefundQuery } from './preview-payment-refund.query';

const TX_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

/**
 * The console's confirmation step: the refund checked exactly as recording it checks it (the same plan, under the
 * same row lock, so a refund being recorded meanwhile is counted), and what it would do to each bill, in a
 * transaction that writes nothing.
 */
@QueryHandler(PreviewPaymentRefundQuery)
export class PreviewPaymentRefundHandler implements IQueryHandler<PreviewPaymentRefundQuery, AdminRefundPreview> {
  constructor(private readonly prisma: PrismaService) {}

  execute({ reference, request }: PreviewPaymentRefundQuery): Promise<AdminRefundPreview> {
    const now = new Date();
    return this.prisma.$transaction(async (tx) => {
      const payment = await lockPayment(tx, { reference });
      if (!payment) throw new ApiError(404, 'not_found', 'Not Found!');
      return previewOf(tx, payment, await planRefund(tx, payment, request, now));
    }, TX_OPTIONS);
  }
}
