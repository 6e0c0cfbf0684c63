import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  COLLECTION_FILE_FORMATS,
  malaysiaDay,
  shareOverItems,
  sumMoney,
  type CollectionFileReproduction,
  type CollectionLine,
  type CollectionTrailer,
  type PayableType,
} from '@councilpay/domain';
import { Prisma } from '../../generated/prisma/client';
import { dayBounds } from '../../money/council-days';
import { MoneyLedger } from '../../money/money-ledger';
import {
  COUNTED_REFUND_SQL,
  countedRefundWhere,
  REFUND_DAY_SQL,
  REFUND_SIGN_FIELDS,
  REFUND_SIGN_SQL,
  refundDay,
  refundSign,
} from '../../money/refund-counting';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { ApiError } from '../../http/api-error';
import { PrismaService } from '../../prisma/prisma.service';
import { renderCollectionFile, trailerOf, type RenderedCollectionFile } from './collection-file-format';

interface ItemRow {
  itemId: string;
  reference: string;
  gatewayTxnId: string | null;
  method: 'fpx' | 'card';
  receiptNo: string | null;
  accountNo: string;
  type: PayableType;
  amountSen: number;
  at: Date;
  late: boolean;
  credited: boolean;
}

/** The totals of a file disagree with the day's figures: the file is not kept (a bug to look at, not a retry). */
export class CollectionFileMismatchError extends Error {
  override readonly name = 'CollectionFileMismatchError';
}

/**
 * The councils' daily collection files: each Malaysian day's credited items, refunds and late approvals of one
 * council, with control totals, as CSV and JSON Lines. Lines are read with the console's money rules (the
 * refunds that count and the day they count on: refund-counting), and before a file is kept its totals are
 * checked against the day's figures (MoneyLedger): a file that disagrees with the day's close is never made.
 * A day is produced once it is over and the grace for late answers has passed; a kept file is never changed.
 */
@Injectable()
export class CollectionFiles {
  private readonly logger = new Logger(CollectionFiles.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly money: MoneyLedger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether a day's file may be made at `now`: the day is over and the grace for late answers has passed. */
  isDue(day: string, now: Date): boolean {
    return dayBounds(day).end.getTime() + this.config.webhooks.collectionFiles.graceMs <= now.getTime();
  }

  /** The days due at `now`, the latest `catchUpDays` of them, oldest first. */
  dueDays(now: Date): string[] {
    const latest = malaysiaDay(-1, new Date(now.getTime() - this.config.webhooks.collectionFiles.graceMs));
    const days: string[] = [];
    for (let n = this.config.webhooks.collectionFiles.catchUpDays - 1; n >= 0; n -= 1) {
      days.push(malaysiaDay(-n, dayBounds(latest).start));
    }
    return days;
  }

  /** Every council's file of every due day that is not kept yet (the worker's job). */
  async produceDue(now: Date): Promise<{ kept: number }> {
    const days = this.dueDays(now);
    const [councils, kept] = await Promise.all([
      this.prisma.council.findMany({ select: { code: true }, orderBy: { code: 'asc' } }),
      this.prisma.collectionFile.findMany({
        where: { day: { in: days } },
        select: { councilCode: true, day: true, format: true },
      }),
    ]);
    const have = new Set(kept.map((k) => `${k.councilCode}|${k.day}|${k.format}`));
    let made = 0;
    for (const day of days) {
      for (const { code } of councils) {
        if (COLLECTION_FILE_FORMATS.every((f) => have.has(`${code}|${day}|${f}`))) continue;
        made += await this.keep(code, day);
      }
    }
    if (made > 0) this.logger.log({ files: made, days: days.length }, 'Collection files kept');
    return { kept: made };
  }

  /** The day's files, produced now (not kept), and their control totals. */
  async render(council: string, day: string): Promise<{ files: RenderedCollectionFile[]; trailer: CollectionTrailer }> {
    const lines = await this.lines(council, day);
    const trailer = await this.checkAgainstDayFigures(council, day, lines);
    return {
      files: COLLECTION_FILE_FORMATS.map((format) => renderCollectionFile(format, council, day, lines)),
      trailer,
    };
  }

  /** Keeps the day's files that are not kept yet (another worker may keep them first: that one stands). */
  async keep(council: string, day: string): Promise<number> {
    const { files, trailer } = await this.render(council, day);
    const result = await this.prisma.collectionFile.createMany({
      data: files.map((f) => ({
        councilCode: council,
        day,
        format: f.format,
        content: new Uint8Array(f.content),
        sha256: f.sha256,
        lineCount: trailer.lines,
        creditedSen: BigInt(trailer.credits.sen),
        refundsSen: BigInt(trailer.refunds.sen),
      })),
      skipDuplicates: true,
    });
    return result.count;
  }

  /**
   * The day produced again and compared with the kept files, byte for byte. A day with no kept file (before the
   * job reached it, or further back than it looks) is kept now, once it is due.
   */
  async reproduce(council: string, day: string, now: Date): Promise<CollectionFileReproduction[]> {
    if (!this.isDue(day, now)) {
      throw new ApiError(
        409,
        'collection_day_not_over',
        "This day's collection file is made once the day is over and the grace for late answers has passed",
        { day },
      );
    }
    const before = await this.keptHashes(council, day);
    if (before.size < COLLECTION_FILE_FORMATS.length) await this.keep(council, day);
    const kept = await this.keptHashes(council, day);
    const { files: fresh } = await this.render(council, day);
    return fresh.map((f) => ({
      format: f.format,
      sha256: f.sha256,
      keptSha256: kept.get(f.format)!,
      identical: kept.get(f.format) === f.sha256,
      keptNow: !before.has(f.format),
    }));
  }

  private async keptHashes(council: string, day: string): Promise<Map<string, string>> {
    const rows = await this.prisma.collectionFile.findMany({
      where: { councilCode: council, day },
      select: { format: true, sha256: true },
    });
    return new Map(rows.map((r) => [r.format, r.sha256]));
  }

  /** The file's credits and refunds are the day's credited and refunds-made figures, or nothing is kept. */
  private async checkAgainstDayFigures(
    council: string,
    day: string,
    lines: CollectionLine[],
  ): Promise<CollectionTrailer> {
    const { start, end } = dayBounds(day);
    const figures = sumMoney(await this.money.rows({ start, end, councils: [council], method: null }));
    const trailer = trailerOf(council, day, lines);
    if (
      trailer.credits.sen !== figures.creditedSen ||
      trailer.credits.lines !== figures.itemsCredited ||
      trailer.refunds.sen !== figures.refundsMadeSen
    ) {
      this.logger.error(
        { council, day, file: { credits: trailer.credits, refunds: trailer.refunds }, figures },
        "A collection file's totals differ from the day's figures: not kept",
      );
      throw new CollectionFileMismatchError(`collection file ${council} ${day} disagrees with the day's figures`);
    }
    return trailer;
  }

  /** Every line of the council's day, unsorted. */
  async lines(council: string, day: string): Promise<CollectionLine[]> {
    const { start, end } = dayBounds(day);
    const itemColumns = Prisma.sql`i."id"::text AS "itemId", p."reference", p."gatewayTxnId", p."method"::text AS method,
      i."receiptNo", i."accountNo", i."type"::text AS type, i."amountSen"`;
    const [credited, late, refunded, duplicateRefunds] = await Promise.all([
      this.prisma.$queryRaw<ItemRow[]>`
        SELECT ${itemColumns}, i."creditedAt" AS at, p."late", TRUE AS credited
        FROM "PaymentItem" i JOIN "Payment" p ON p."id" = i."paymentId"
        WHERE i."creditedAt" >= ${start} AND i."creditedAt" < ${end} AND i."councilCode" = ${council}`,
      this.prisma.$queryRaw<ItemRow[]>`
        SELECT ${itemColumns}, p."paidAt" AS at, TRUE AS late, i."creditedAt" IS NOT NULL AS credited
        FROM "Payment" p JOIN "PaymentItem" i ON i."paymentId" = p."id"
        WHERE p."late" AND p."paidAt" >= ${start} AND p."paidAt" < ${end} AND i."councilCode" = ${council}`,
      this.prisma.$queryRaw<(ItemRow & { refundId: string; sign: number })[]>`
        SELECT * FROM (
          SELECT ${itemColumns}, r."id"::text AS "refundId", ${REFUND_SIGN_SQL('r')}::int AS sign,
                 ri."amountSen" AS "refundSen", ${REFUND_DAY_SQL('r', Prisma.sql`i."councilCode"`)} AS day,
                 r."refundedAt", r."createdAt"
          FROM "RefundItem" ri JOIN "Refund" r ON r."id" = ri."refundId"
            JOIN "PaymentItem" i ON i."id" = ri."paymentItemId" JOIN "Payment" p ON p."id" = r."paymentId"
          WHERE ${COUNTED_REFUND_SQL('r')} AND i."councilCode" = ${council}
            AND ((r."refundedAt" >= ${start} AND r."refundedAt" < ${end}) OR (r."createdAt" >= ${start} AND r."createdAt" < ${end}))
        ) made WHERE day = ${day}`,
      this.prisma.refund.findMany({
        where: {
          AND: [
            countedRefundWhere,
            { gatewayAnswerId: { not: null } },
            { OR: [{ refundedAt: { gte: start, lt: end } }, { createdAt: { gte: start, lt: end } }] },
            { payment: { items: { some: { councilCode: council } } } },
          ],
        },
        select: {
          id: true,
          amountSen: true,
          refundedAt: true,
          createdAt: true,
          ...REFUND_SIGN_FIELDS,
          payment: {
            select: {
              reference: true,
              gatewayTxnId: true,
              method: true,
              items: {
                select: { id: true, councilCode: true, amountSen: true, receiptNo: true, accountNo: true, type: true },
                orderBy: [{ position: 'asc' }, { id: 'asc' }],
              },
            },
          },
        },
      }),
    ]);
    const line = (r: ItemRow, kind: CollectionLine['kind'], extra: Partial<CollectionLine> = {}): CollectionLine => ({
      kind,
      at: r.at.toISOString(),
      paymentReference: r.reference,
      gatewayTxnId: r.gatewayTxnId,
      method: r.method,
      itemId: r.itemId,
      receiptNo: r.receiptNo,
      accountNo: r.accountNo,
      payableType: r.type,
      refundId: null,
      amountSen: Number(r.amountSen),
      late: r.late,
      credited: r.credited,
      ...extra,
    });
    const lines: CollectionLine[] = [
      ...credited.map((r) => line(r, 'credit')),
      ...late.map((r) => line(r, 'late_approval')),
    ];
    for (const r of refunded as unknown as (ItemRow & {
      refundId: string;
      sign: number;
      refundSen: number;
      refundedAt: Date;
      createdAt: Date;
    })[]) {
      const at = malaysiaDay(0, r.refundedAt) === day ? r.refundedAt : r.createdAt;
      lines.push(
        line({ ...r, at, late: false, credited: false }, 'refund', {
          refundId: r.refundId,
          amountSen: Number(r.sign) * Number(r.refundSen),
        }),
      );
    }
    const signed = await this.signedDays(
      council,
      duplicateRefunds.map((r) => malaysiaDay(0, r.refundedAt)),
    );
    for (const refund of duplicateRefunds) {
      if (refundDay(refund, council, signed) !== day) continue;
      const at = malaysiaDay(0, refund.refundedAt) === day ? refund.refundedAt : refund.createdAt;
      for (const { item, sen } of shareOverItems(refund.amountSen, refund.payment.items)) {
        if (item.councilCode !== council || sen === 0) continue;
        lines.push({
          kind: 'refund',
          at: at.toISOString(),
          paymentReference: refund.payment.reference,
          gatewayTxnId: refund.payment.gatewayTxnId,
          method: refund.payment.method,
          itemId: item.id,
          receiptNo: item.receiptNo,
          accountNo: item.accountNo,
          payableType: item.type,
          refundId: refund.id,
          amountSen: refundSign(refund) * sen,
          late: false,
          credited: false,
        });
      }
    }
    return lines;
  }

  private async signedDays(council: string, days: string[]): Promise<Map<string, Date>> {
    if (days.length === 0) return new Map();
    const closes = await this.prisma.dayClose.findMany({
      where: { councilCode: council, day: { in: [...new Set(days)] } },
      select: { councilCode: true, day: true, signedAt: true },
    });
    return new Map(closes.map((c) => [`${c.councilCode}|${c.day}`, c.signedAt]));
  }
}
