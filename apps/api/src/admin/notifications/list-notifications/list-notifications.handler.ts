import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ADMIN_NOTIFICATION_SORTS, type AdminNotificationRow } from '@councilpay/domain';
import type { Prisma } from '../../../generated/prisma/client';
import { councilScope } from '../../../auth/roles';
import { PrismaService } from '../../../prisma/prisma.service';
import { boundedCount, cappedPage, listWindow, type CappedPage } from '../../../http/list-query';
import { NOTIFICATION_INCLUDE, toAdminNotificationRow, visibleNotifications } from '../notification-row';
import { ListNotificationsQuery } from './list-notifications.query';
import { isUuid } from '../../../http/id.param';

/** Messages with their delivery state, newest first; a council admin's are those about their payments. */
@QueryHandler(ListNotificationsQuery)
export class ListNotificationsHandler implements IQueryHandler<
  ListNotificationsQuery,
  CappedPage<AdminNotificationRow>
> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ principal, request: q }: ListNotificationsQuery): Promise<CappedPage<AdminNotificationRow>> {
    const window = listWindow(q, ADMIN_NOTIFICATION_SORTS, { sort: 'createdAt', order: 'desc' });
    const filters: Prisma.NotificationWhereInput[] = [visibleNotifications(councilScope(principal))];
    if (q.status) filters.push({ status: { in: q.status } });
    if (q.channel) filters.push({ channel: q.channel });
    if (q.template) filters.push({ template: q.template });
    if (q.recipient) filters.push({ recipient: q.recipient });
    if (q.reference) filters.push({ payment: { reference: q.reference } });
    if (q.id) filters.push({ id: { in: q.id.filter(isUuid) } });
    const where = { AND: filters };
    const orderBy = [{ [window.sort]: window.order }, { id: 'asc' as const }];
    return cappedPage(
      window,
      // Counted in the page's order, which its index serves (Prisma's own order for a capped count is by id).
      (limit) => boundedCount(this.prisma, (tx) => tx.notification.count({ where, orderBy, take: limit })),
      (take) =>
        this.prisma.notification.findMany({
          where,
          include: NOTIFICATION_INCLUDE,
          orderBy,
          skip: window.skip,
          take,
        }),
      toAdminNotificationRow,
    );
  }
}
