import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { StaffAuditRow } from '@councilpay/domain';
import type { Prisma } from '../../../generated/prisma/client';
import { PrismaService } from '../../../prisma/prisma.service';
import { boundedCount, cappedPage, listWindow, type CappedPage } from '../../../http/list-query';
import { toStaffAuditRow, visibleAudit } from '../../../audit/staff-audit';
import { ListAuditQuery } from './list-audit.query';

const AUDIT_SORTS = ['createdAt'] as const;

/** What staff did, newest first; a council admin reads the entries of their councils. */
@QueryHandler(ListAuditQuery)
export class ListAuditHandler implements IQueryHandler<ListAuditQuery, CappedPage<StaffAuditRow>> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, request: q }: ListAuditQuery): Promise<CappedPage<StaffAuditRow>> {
    const window = listWindow(q, AUDIT_SORTS, { sort: 'createdAt', order: 'desc' });
    const filters: Prisma.StaffAuditWhereInput[] = [visibleAudit(principal)];
    if (q.action) filters.push({ action: q.action });
    if (q.targetType) filters.push({ targetType: q.targetType });
    if (q.targetId) filters.push({ targetId: q.targetId });
    if (q.staffEmail) filters.push({ staffEmail: q.staffEmail });
    if (q.id) filters.push({ id: { in: q.id.filter((id) => /^\d{1,18}$/.test(id)).map(BigInt) } });
    const where = { AND: filters };
    return cappedPage(
      window,
      (limit) => boundedCount(this.prisma, (tx) => tx.staffAudit.count({ where, take: limit })),
      (take) => this.prisma.staffAudit.findMany({ where, orderBy: [{ id: window.order }], skip: window.skip, take }),
      toStaffAuditRow,
    );
  }
}
