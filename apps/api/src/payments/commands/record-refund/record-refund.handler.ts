import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AdminRecordRefundResult } from '@councilpay/domain';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { LedgerResult, PaymentLedger } from '../../payment-ledger';
import { RecordPaymentRefundCommand } from '../record-payment-refund/record-payment-refund.command';
import { RecordRefundCommand } from './record-refund.command';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A whole refund: what is left of every item is recorded as given back (bills' credits kept), and the payment
 * becomes `refunded`. Anything but a paid payment goes to the state table, which answers a repeat (already
 * refunded) as a no-op and refuses the rest.
 */
@CommandHandler(RecordRefundCommand)
export class RecordRefundHandler implements ICommandHandler<RecordRefundCommand, LedgerResult> {
  constructor(
    private readonly ledger: PaymentLedger,
    private readonly prisma: PrismaService,
    private readonly commandBus: CommandBus,
  ) {}

  async execute({ reference, staffId, note }: RecordRefundCommand): Promise<LedgerResult> {
    const payment = await this.prisma.payment.findUnique({
      where: { reference },
      select: { status: true, items: { select: { id: true, councilCode: true, amountSen: true, refundItems: true } } },
    });
    if (payment?.status === 'paid') {
      const staff = UUID.test(staffId)
        ? await this.prisma.user.findUnique({ where: { id: staffId }, select: { id: true, email: true } })
        : null;
      const items = payment.items
        .map((i) => ({
          itemId: i.id,
          amountSen: i.amountSen - i.refundItems.reduce((sum, r) => sum + r.amountSen, 0),
          reverseCredit: false,
        }))
        .filter((i) => i.amountSen > 0);
      const result = await this.commandBus.execute<RecordPaymentRefundCommand, AdminRecordRefundResult>(
        new RecordPaymentRefundCommand(
          reference,
          staff ?? { id: staffId, email: staffId },
          { reason: note.slice(0, 500), items },
          [...new Set(payment.items.map((i) => i.councilCode))].sort(),
        ),
      );
      return { reference, outcome: 'move', from: 'paid', to: result.status };
    }
    const result = await this.ledger.apply({ reference }, 'refund_recorded', 'admin', {
      note: `${staffId}: ${note}`.slice(0, 500),
    });
    if (result.outcome === 'not_found') throw new ApiError(404, 'not_found', 'Not Found!');
    if (result.outcome === 'refused')
      throw new ApiError(409, 'refund_not_allowed', 'Only a paid payment can be refunded', { status: result.from });
    return result;
  }
}
