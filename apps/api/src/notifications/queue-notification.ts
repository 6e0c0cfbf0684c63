import type { Language } from '@councilpay/domain';
import type { Prisma } from '../generated/prisma/client';
import { writeOutbox } from '../outbox/write-outbox';
import type { JobData } from '../queues/jobs';
import { QueueName } from '../queues/queue-names';
import { NotificationTemplate, NotificationTemplates, SENSITIVE_TEMPLATES } from './notification-templates';

export interface NotificationRequest<T extends NotificationTemplate> {
  channel: 'email' | 'sms';
  recipient: string;
  template: T;
  language: Language;
  data: NotificationTemplates[T];
  /** The same key never makes a second message (e.g. `payment-<reference>-paid-email`). */
  dedupeKey: string;
  paymentId?: string;
}

/**
 * Queues a message inside the caller's transaction: a Notification row (its delivery state) and an outbox
 * row that the relay turns into a `notify` job. Nothing is sent if the transaction rolls back; a message with
 * a dedupe key that exists already is not queued again. Answers the new row's id (null when it existed).
 */
export async function queueNotification<T extends NotificationTemplate>(
  tx: Prisma.TransactionClient,
  request: NotificationRequest<T>,
): Promise<string | null> {
  const existing = await tx.notification.findUnique({ where: { dedupeKey: request.dedupeKey }, select: { id: true } });
  if (existing) return null;
  const notification = await tx.notification.create({
    data: {
      channel: request.channel,
      recipient: request.recipient,
      template: request.template,
      language: request.language,
      data: request.data as unknown as Prisma.InputJsonObject,
      sensitive: SENSITIVE_TEMPLATES.has(request.template),
      dedupeKey: request.dedupeKey,
      paymentId: request.paymentId ?? null,
    },
  });
  const data: JobData<'DeliverNotification'> = { notificationId: notification.id };
  await writeOutbox(tx, [
    {
      queue: QueueName.Notify,
      jobName: 'DeliverNotification',
      jobId: `notify-${notification.id}`,
      payload: { ...data },
    },
  ]);
  return notification.id;
}
