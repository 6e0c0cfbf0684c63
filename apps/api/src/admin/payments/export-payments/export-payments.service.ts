import { once } from 'node:events';
import { Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DEFAULT_LANGUAGE, malaysiaDay } from '@councilpay/domain';
import type { Prisma } from '../../../generated/prisma/client';
import type { Principal } from '../../../auth/principal';
import { councilScope } from '../../../auth/roles';
import { PrismaService } from '../../../prisma/prisma.service';
import { MoneyLedger, shareCouncils } from '../../../money/money-ledger';
import { recordStaffAction } from '../../../audit/staff-audit';
import { paymentsWhere } from '../list-payments/list-payments.handler';
import type { ExportPaymentsRequestDto } from './export-payments.request.dto';
import { csvHeader, csvLine } from './payments-csv';

/** Excel reads a CSV as UTF-8 (Malay and Chinese names intact) only when it starts with this mark. */
export const UTF8_BOM = '\uFEFF';

/**
 * Writes, then waits while the client reads slowly (until 'drain'); a client that leaves ('close') ends the wait
 * too. The listeners of the wait that did not happen are removed, so a long export never piles them up.
 */
export async function writeOrWait(out: NodeJS.WritableStream & NodeJS.EventEmitter, text: string): Promise<void> {
  if (out.write(text)) return;
  const done = new AbortController();
  try {
    await Promise.race([once(out, 'drain', { signal: done.signal }), once(out, 'close', { signal: done.signal })]);
  } finally {
    done.abort();
  }
}

/**
 * The payments CSV: every payment the list's filters match, within the staff member's councils, newest first.
 * Read in keyset batches (createdAt, id) and written as each arrives, so a million rows never sit in memory
 * and the first bytes leave at once; the response waits while the client is slow to read (backpressure).
 * Audited before the first byte: who exported what, with which filters.
 */
@Injectable()
export class ExportPaymentsService {
  /** Rows per database read. */
  static batchSize = 1_000;
  private readonly logger = new Logger(ExportPaymentsService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly money: MoneyLedger,
  ) {}

  async stream(principal: Principal, query: ExportPaymentsRequestDto, res: Response): Promise<void> {
    // Paging and sorting are the list's; the file holds every match, newest first.
    const { lang, ...rest } = query;
    const filters = { ...rest, _start: undefined, _end: undefined, _sort: undefined, _order: undefined };
    const language = lang ?? DEFAULT_LANGUAGE;
    const where = await paymentsWhere(this.prisma, principal, filters);
    const scope = councilScope(principal);
    const councils = shareCouncils(scope, filters.council);
    await this.prisma.$transaction((tx) =>
      recordStaffAction(tx, principal, {
        action: 'payments_export',
        targetType: 'payments_export',
        targetId: new Date().toISOString(),
        councils: scope.all ? (filters.council ? [filters.council] : []) : scope.councils,
        before: null,
        after: { filters: JSON.parse(JSON.stringify(filters)) as Prisma.InputJsonObject, language },
      }),
    );
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="councilpay-payments-${malaysiaDay()}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    const write = (text: string) => writeOrWait(res, text);
    let rows = 0;
    try {
      await write(UTF8_BOM + csvHeader(language));
      let after: { createdAt: Date; id: string } | null = null;
      for (;;) {
        if (res.destroyed) return;
        const batchWhere: Prisma.PaymentWhereInput = after
          ? {
              AND: [
                where,
                {
                  OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
                },
              ],
            }
          : where;
        const batch = await this.prisma.payment.findMany({
          where: batchWhere,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take: ExportPaymentsService.batchSize,
          include: {
            items: {
              select: { councilCode: true, accountNo: true, receiptNo: true },
              orderBy: [{ position: 'asc' }, { id: 'asc' }],
            },
          },
        });
        if (batch.length === 0) break;
        const shares = await this.money.paymentShares(
          batch.map((p) => p.id),
          councils,
        );
        let chunk = '';
        for (const p of batch) {
          chunk += csvLine(
            {
              ...p,
              councils: [...new Set(p.items.map((i) => i.councilCode))].sort(),
              accountNos: [...new Set(p.items.map((i) => i.accountNo))],
              receiptNos: p.items.flatMap((i) => (i.receiptNo ? [i.receiptNo] : [])),
              ...shares.get(p.id)!,
            },
            language,
          );
        }
        await write(chunk);
        rows += batch.length;
        const last = batch[batch.length - 1];
        after = { createdAt: last.createdAt, id: last.id };
        if (batch.length < ExportPaymentsService.batchSize) break;
      }
      res.end();
      this.logger.log({ staffId: principal.id, rows, filters }, 'Payments exported');
    } catch (error) {
      // The header is gone: the client sees a cut-off download, never a file that looks whole.
      this.logger.error({ staffId: principal.id, rows, err: error }, 'Payments export failed');
      res.destroy(error instanceof Error ? error : undefined);
    }
  }
}
