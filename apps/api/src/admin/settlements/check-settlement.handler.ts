import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  SETTLEMENT_MATCHES,
  SETTLEMENT_MAX_LINES,
  type SettlementLine,
  type SettlementMatch,
  type SettlementReport,
} from '@councilpay/domain';
import { ApiError } from '../../http/api-error';
import { councilScope } from '../../auth/roles';
import { PrismaService } from '../../prisma/prisma.service';
import { recordStaffAction } from '../audit/staff-audit';
import { visiblePayments } from '../payments/payment-scope';
import { CheckSettlementCommand } from './check-settlement.command';
import { parseSettlementFile, type SettlementFileLine } from './settlement-file';

const ORDER_NOS_PER_QUERY = 5_000;

/** Our payment a line names (seller order no = our invoice number), if the caller may see it. */
interface Known {
  reference: string;
  status: SettlementLine['status'] & string;
  amountSen: number;
}

export function matchOf(line: SettlementFileLine, payment: Known | undefined): SettlementMatch {
  if (!payment) return 'unknown_order';
  const ours = payment.status === 'paid' || payment.status === 'refunded';
  if (line.bankApproved && !ours) return 'approved_not_ours';
  if (!line.bankApproved && ours) return 'not_approved_by_bank';
  if (line.bankApproved && line.amountSen !== payment.amountSen) return 'amount_differs';
  return 'matched';
}

/**
 * A gateway settlement file against our records. The file is read whole first: one unreadable line refuses it
 * (400 with every line's error) and nothing is recorded. Then each line is matched by its seller order no (our
 * invoice number, which our FPX requests send as both seller order numbers) within the caller's councils; an
 * order no outside them is unknown to the caller. Nothing about a payment changes here: a line the bank approved
 * that we have not is put right only by asking the gateway again (requery), whose signed answer moves it. The
 * check itself is audited (file name, its SHA-256, the counts).
 */
@CommandHandler(CheckSettlementCommand)
export class CheckSettlementHandler implements ICommandHandler<CheckSettlementCommand, SettlementReport> {
  private readonly logger = new Logger(CheckSettlementHandler.name);

  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, request }: CheckSettlementCommand): Promise<SettlementReport> {
    const parsed = parseSettlementFile(request.content);
    if (!parsed.ok) {
      if (parsed.tooManyLines) {
        throw new ApiError(413, 'settlement_invalid', `At most ${SETTLEMENT_MAX_LINES} lines in one file`, {
          maxLines: SETTLEMENT_MAX_LINES,
        });
      }
      throw new ApiError(
        400,
        'settlement_invalid',
        `${parsed.errors.length} problems in the file: nothing was checked`,
        {
          errors: parsed.errors.slice(0, 200),
        },
      );
    }
    if (parsed.lines.length === 0) {
      throw new ApiError(400, 'settlement_invalid', 'The file has no lines', { errors: [] });
    }
    const scope = councilScope(principal);
    const orderNos = [...new Set(parsed.lines.map((l) => l.sellerOrderNo))];
    const byOrderNo = new Map<string, Known>();
    // In slices: a query's parameters are bounded (PostgreSQL takes at most 65,535).
    for (let start = 0; start < orderNos.length; start += ORDER_NOS_PER_QUERY) {
      const payments = await this.prisma.payment.findMany({
        where: {
          AND: [{ invoiceNo: { in: orderNos.slice(start, start + ORDER_NOS_PER_QUERY) } }, visiblePayments(scope)],
        },
        select: { invoiceNo: true, reference: true, status: true, amountSen: true },
      });
      for (const p of payments) byOrderNo.set(p.invoiceNo, p);
    }
    const lines: SettlementLine[] = parsed.lines.map((l) => {
      const payment = byOrderNo.get(l.sellerOrderNo);
      return {
        ...l,
        match: matchOf(l, payment),
        reference: payment?.reference ?? null,
        status: payment?.status ?? null,
        paymentAmountSen: payment?.amountSen ?? null,
      };
    });
    const counts = Object.fromEntries(SETTLEMENT_MATCHES.map((m) => [m, 0])) as Record<SettlementMatch, number>;
    for (const l of lines) counts[l.match]++;
    const sha256 = createHash('sha256').update(request.content).digest('hex');
    await this.prisma.$transaction((tx) =>
      recordStaffAction(tx, principal, {
        action: 'settlement_import',
        targetType: 'settlement_file',
        targetId: sha256,
        councils: scope.all ? [] : scope.councils,
        before: null,
        after: {
          fileName: request.fileName,
          lines: lines.length,
          counts,
          approvedNotOurs: lines.filter((l) => l.match === 'approved_not_ours').map((l) => l.reference),
        },
      }),
    );
    this.logger.log({ staffId: principal.id, fileName: request.fileName, sha256, counts }, 'Settlement file checked');
    return { fileName: request.fileName, lines, counts };
  }
}
