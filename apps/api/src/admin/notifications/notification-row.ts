import type { AdminNotificationRow, NotificationChannel, NotificationStatus } from '@councilpay/domain';
import type { Notification, Prisma } from '../../generated/prisma/client';
import type { CouncilScope } from '../../auth/roles';

/** What a notification row is read with: its payment's reference and councils. */
export const NOTIFICATION_INCLUDE = {
  payment: { select: { reference: true, items: { select: { councilCode: true } } } },
} as const satisfies Prisma.NotificationInclude;

export type NotificationWithPayment = Notification & {
  payment: { reference: string; items: { councilCode: string }[] } | null;
};

/**
 * The messages a staff member may see: every one for `_admin`; for a council admin, those about a payment
 * with an item of their councils (codes, links and other account messages are not a council's business).
 */
export function visibleNotifications(scope: CouncilScope): Prisma.NotificationWhereInput {
  return scope.all ? {} : { payment: { items: { some: { councilCode: { in: scope.councils } } } } };
}

export function toAdminNotificationRow(n: NotificationWithPayment): AdminNotificationRow {
  return {
    id: n.id,
    channel: n.channel as NotificationChannel,
    recipient: n.recipient,
    template: n.template,
    language: n.language,
    status: n.status as NotificationStatus,
    attempts: n.attempts,
    lastError: n.lastError,
    subject: n.subject,
    reference: n.payment?.reference ?? null,
    councils: [...new Set(n.payment?.items.map((i) => i.councilCode) ?? [])].sort(),
    createdAt: n.createdAt.toISOString(),
    sentAt: n.sentAt?.toISOString() ?? null,
  };
}
