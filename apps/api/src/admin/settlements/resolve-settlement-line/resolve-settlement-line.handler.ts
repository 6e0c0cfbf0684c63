import { Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AdminPaymentActionResult, SettlementCheckLine, SettlementResolution } from '@councilpay/domain';
import { councilScope } from '../../../auth/roles';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { recordStaffAction } from '../../../audit/staff-audit';
import { AdminRequeryPaymentCommand } from '../../payments/requery-payment/admin-requery-payment.command';
import { findVisibleCheck, toLine } from '../settlement-checks';
import { ResolveSettlementLineCommand } from './resolve-settlement-line.command';

const invalid = (message: string) => new ApiError(400, 'settlement_resolution_invalid', message);

/**
 * Resolves one mismatch of a kept settlement check, once, by a named officer, in the staff audit: `requery`
 * asks the gateway now (its signed answer, the only thing besides a callback that moves a payment, may make
 * it paid) and records what came of it; `note` records the officer's explanation; `refund` names the refund of
 * the payment that settles the difference. A matched line needs nothing; a resolved one is not resolved again
 * (the database refuses it too).
 */
@CommandHandler(ResolveSettlementLineCommand)
export class ResolveSettlementLineHandler implements ICommandHandler<
  ResolveSettlementLineCommand,
  SettlementCheckLine
> {
  private readonly logger = new Logger(ResolveSettlementLineHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly commandBus: CommandBus,
  ) {}

  async execute({ principal, checkId, lineId, request }: ResolveSettlementLineCommand): Promise<SettlementCheckLine> {
    const check = await findVisibleCheck(this.prisma, councilScope(principal), checkId);
    const line = check
      ? await this.prisma.settlementCheckLine.findFirst({ where: { id: lineId, checkId: check.id } })
      : null;
    if (!check || !line) throw new ApiError(404, 'not_found', 'Not Found!');
    if (line.result === 'matched') throw invalid('This line matches our records: there is nothing to resolve');
    if (line.resolvedAt) throw alreadyResolved();

    let resolution: SettlementResolution;
    let note: string | null = request.note ?? null;
    let refundId: string | null = null;
    if (request.kind === 'requery') {
      if (!line.reference) throw invalid('No payment of ours has this order no: there is nothing to ask the bank');
      const result = await this.commandBus.execute<AdminRequeryPaymentCommand, AdminPaymentActionResult>(
        new AdminRequeryPaymentCommand(principal, line.reference),
      );
      resolution = 'requeried';
      const outcome =
        result.outcome === 'move' ? `${result.from} → ${result.to}` : `${result.outcome} (${result.to ?? result.from})`;
      note = [`requery: ${outcome}`, request.note].filter(Boolean).join('; ');
    } else if (request.kind === 'refund') {
      const refund = line.paymentId
        ? await this.prisma.refund.findFirst({ where: { id: request.refundId, paymentId: line.paymentId } })
        : null;
      if (!refund) throw invalid("refundId must name a refund of this line's payment");
      resolution = 'refund';
      refundId = refund.id;
    } else {
      resolution = 'explained';
    }

    const updated = await this.prisma.$transaction(async (tx) => {
      const written = await tx.settlementCheckLine.updateMany({
        where: { id: line.id, resolvedAt: null },
        data: {
          resolution,
          resolutionNote: note,
          refundId,
          resolvedById: principal.id,
          resolvedByEmail: principal.email,
          resolvedAt: new Date(),
        },
      });
      if (written.count === 0) throw alreadyResolved();
      await recordStaffAction(tx, principal, {
        action: 'settlement_resolve',
        targetType: 'settlement_line',
        targetId: line.id.toString(),
        councils: line.councils.length > 0 ? line.councils : check.councils,
        before: { checkId: check.id, line: line.line, result: line.result, orderNo: line.orderNo },
        after: { resolution, note, refundId },
      });
      return tx.settlementCheckLine.findUniqueOrThrow({ where: { id: line.id } });
    });
    this.logger.log(
      { checkId: check.id, lineId: line.id.toString(), resolution, staffId: principal.id },
      'Settlement mismatch resolved',
    );
    return toLine(updated);
  }
}

function alreadyResolved(): ApiError {
  return new ApiError(409, 'settlement_already_resolved', 'This line was resolved already');
}
