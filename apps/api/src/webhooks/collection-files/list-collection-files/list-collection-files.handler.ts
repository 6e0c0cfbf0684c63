import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { malaysiaDay, type CollectionFileFormat, type CollectionFileRow } from '@councilpay/domain';
import type { ListPage } from '../../../http/list-query';
import { councilScope } from '../../../auth/roles';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { ListCollectionFilesQuery } from './list-collection-files.query';

/** Days listed at most at once (two formats per council and day). */
const MAX_DAYS = 93;

@QueryHandler(ListCollectionFilesQuery)
export class ListCollectionFilesHandler implements IQueryHandler<
  ListCollectionFilesQuery,
  ListPage<CollectionFileRow>
> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, request }: ListCollectionFilesQuery): Promise<ListPage<CollectionFileRow>> {
    const to = request.to ?? malaysiaDay();
    const from = request.from ?? malaysiaDay(-30, new Date(`${to}T12:00:00+08:00`));
    const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
    if (!(span >= 0 && span < MAX_DAYS)) {
      throw new ApiError(400, 'validation_failed', `from must be a day on or before to, at most ${MAX_DAYS} days`);
    }
    const scope = councilScope(principal);
    const councils = scope.all ? null : scope.councils;
    if (request.council && councils && !councils.includes(request.council)) return { rows: [], total: 0 };
    const rows = await this.prisma.collectionFile.findMany({
      where: {
        day: { gte: from, lte: to },
        ...(request.council ? { councilCode: request.council } : councils ? { councilCode: { in: councils } } : {}),
      },
      select: {
        councilCode: true,
        day: true,
        format: true,
        sha256: true,
        lineCount: true,
        creditedSen: true,
        refundsSen: true,
        createdAt: true,
        content: false,
      },
      orderBy: [{ day: 'desc' }, { councilCode: 'asc' }, { format: 'asc' }],
    });
    const sizes = await this.prisma.$queryRaw<{ id: string; bytes: number }[]>`
      SELECT "councilCode" || '|' || "day" || '|' || "format" AS id, octet_length("content") AS bytes
      FROM "CollectionFile" WHERE "day" >= ${from} AND "day" <= ${to}`;
    const bytes = new Map(sizes.map((s) => [s.id, Number(s.bytes)]));
    const views = rows.map((r): CollectionFileRow => {
      const id = `${r.councilCode}|${r.day}|${r.format}`;
      return {
        id,
        council: r.councilCode,
        day: r.day,
        format: r.format as CollectionFileFormat,
        sha256: r.sha256,
        bytes: bytes.get(id) ?? 0,
        lineCount: r.lineCount,
        creditedSen: Number(r.creditedSen),
        refundsSen: Number(r.refundsSen),
        createdAt: r.createdAt.toISOString(),
      };
    });
    return { rows: views, total: views.length };
  }
}
