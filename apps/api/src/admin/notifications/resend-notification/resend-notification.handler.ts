import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AdminResendResult, NotificationChannel } from '@councilpay/domain';
import type { Prisma } from '../../../generated/prisma/client';
import { ApiError } from '../../../http/api-error';
import { councilScope } from '../../../auth/roles';
import { writeOutbox } from '../../../outbox/write-outbox';
import type { JobData } from '../../../queues/jobs';
import { PrismaService } from '../../../prisma/prisma.service';
import { QueueName } from '../../../queues/queue-names';
import { recordStaffAction } from '../../../audit/staff-audit';
import { StaffActionLimits } from '../../staff-action-limits';
import { NOTIFICATION_INCLUDE, toAdminNotificationRow, visibleNotifications } from '../notification-row';
import { ResendNotificationCommand } from './resend-notification.command';

/**
 * A message that failed (or is still queued) is queued again as it is: the worker claims it like any other,
 * so it is still sent at most once. A message that was sent is copied into a new one, so each keeps its own
 * delivery history; a sent one-time code or link is never copied (it was cleared once sent, and staff must not
 * hand out another person's code). One being sent now is left alone. Every resend is audited in the same
 * transaction as the queueing, and limited per staff member and per recipient (STAFF_ACTION_LIMITS).
 */
@CommandHandler(ResendNotificationCommand)
export class ResendNotificationHandler implements ICommandHandler<ResendNotificationCommand, AdminResendResult> {
  private readonly logger = new Logger(ResendNotificationHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly limits: StaffActionLimits,
  ) {}

  async execute({ principal, notificationId }: ResendNotificationCommand): Promise<AdminResendResult> {
    const found = await this.prisma.notification.findFirst({
      where: { AND: [{ id: notificationId }, visibleNotifications(councilScope(principal))] },
      include: NOTIFICATION_INCLUDE,
    });
    if (!found) throw new ApiError(404, 'not_found', 'Not Found!');
    const row = toAdminNotificationRow(found);
    if (found.status === 'sending') {
      throw new ApiError(409, 'notification_in_flight', 'This message is being sent right now');
    }
    if (found.status === 'sent' && found.sensitive) {
      throw new ApiError(409, 'notification_not_resendable', 'A one-time code or link is not sent twice');
    }
    await this.limits.resend(principal, found.recipient);
    const resentId = await this.prisma.$transaction(async (tx) => {
      const id = found.status === 'sent' ? await this.copy(tx, found) : await this.requeue(tx, found.id);
      await recordStaffAction(tx, principal, {
        action: 'notification_resend',
        targetType: 'notification',
        targetId: found.id,
        councils: row.councils,
        before: { status: found.status, attempts: found.attempts, lastError: found.lastError },
        after: { notificationId: id, status: 'queued' },
      });
      return id;
    });
    this.logger.log(
      { notificationId: found.id, resentId, reference: row.reference, staffId: principal.id },
      'Message queued again by staff',
    );
    return {
      notificationId: resentId,
      channel: found.channel as NotificationChannel,
      recipient: found.recipient,
      status: 'queued',
    };
  }

  /** The same row, queued again under a job id of its own (the first job may still be in BullMQ's history). */
  private async requeue(tx: Prisma.TransactionClient, id: string): Promise<string> {
    const updated = await tx.notification.updateMany({
      where: { id, status: { in: ['failed', 'queued'] } },
      data: { status: 'queued' },
    });
    if (updated.count !== 1) throw new ApiError(409, 'notification_in_flight', 'This message is being sent right now');
    const data: JobData<'DeliverNotification'> = { notificationId: id };
    await writeOutbox(tx, [
      {
        queue: QueueName.Notify,
        jobName: 'DeliverNotification',
        jobId: `notify-${id}-staff-${randomUUID()}`,
        payload: { ...data },
      },
    ]);
    return id;
  }

  private async copy(
    tx: Prisma.TransactionClient,
    n: {
      channel: 'email' | 'sms';
      recipient: string;
      template: string;
      language: string;
      paymentId: string | null;
      data: Prisma.JsonValue;
      dedupeKey: string;
    },
  ): Promise<string> {
    const created = await tx.notification.create({
      data: {
        channel: n.channel,
        recipient: n.recipient,
        template: n.template,
        language: n.language,
        paymentId: n.paymentId,
        data: (n.data ?? {}) as Prisma.InputJsonValue,
        dedupeKey: `${n.dedupeKey}-resend-${randomUUID()}`.slice(0, 250),
      },
    });
    const data: JobData<'DeliverNotification'> = { notificationId: created.id };
    await writeOutbox(tx, [
      {
        queue: QueueName.Notify,
        jobName: 'DeliverNotification',
        jobId: `notify-${created.id}`,
        payload: { ...data },
      },
    ]);
    return created.id;
  }
}
