import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import type { Notification } from '../generated/prisma/client';
import { isLanguage } from '@councilpay/domain';
import { ReceiptDocuments } from '../documents/receipts/receipt-documents';
import { PrismaService } from '../prisma/prisma.service';
import { renderNotification } from './render';
import { HttpSmsTransport, SmtpTransport } from './transports';

/** Two short statements, but a loaded machine may pause them for seconds: Prisma's 5 s default is too tight. */
const SINK_TX_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

export type DeliveryResult = { sent: true } | { sent: false; reason: 'already_sent' | 'in_flight' | 'unknown' };

/**
 * Sends one Notification row, at most once: the row is claimed (queued/failed -> sending) by a conditional
 * update, sent, then marked sent by the holder of that claim only (a claim whose lease ran out is taken over).
 * A job run twice finds the row sent (or claimed) and sends nothing. Failures are recorded on the row and
 * rethrown so BullMQ retries with backoff; after the last attempt the row stays `failed`, visible to operators.
 */
@Injectable()
export class NotificationDeliverer {
  private readonly logger = new Logger(NotificationDeliverer.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly smtp: SmtpTransport,
    private readonly sms: HttpSmsTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly receipts: ReceiptDocuments,
  ) {}

  async deliver(notificationId: string): Promise<DeliveryResult> {
    const claimed = await this.prisma.$queryRaw<Notification[]>`
      UPDATE "Notification" SET "status" = 'sending', "attempts" = "attempts" + 1, "updatedAt" = now()
      WHERE "id" = ${notificationId}::uuid
        AND ("status" IN ('queued', 'failed') OR ("status" = 'sending' AND "updatedAt" < now() - make_interval(secs => ${this.config.notifications.notifySendingLeaseMs / 1000})))
      RETURNING *`;
    const notification = claimed[0];
    if (!notification) {
      const row = await this.prisma.notification.findUnique({
        where: { id: notificationId },
        select: { status: true },
      });
      return { sent: false, reason: !row ? 'unknown' : row.status === 'sent' ? 'already_sent' : 'in_flight' };
    }
    const reference = await this.referenceOf(notification);
    try {
      const payment = notification.paymentId
        ? await this.prisma.payment.findUnique({
            where: { id: notification.paymentId },
            include: {
              items: {
                orderBy: { position: 'asc' },
                include: { council: true, payable: { select: { displayNo: true } } },
              },
            },
          })
        : null;
      const message = renderNotification(notification, payment, this.config.publicUrl);
      if (notification.template === 'payment_paid' && notification.channel === 'email' && payment) {
        // The payer's copy of the PDF receipt, in their language (also cached for their download).
        const receipt = await this.receipts.pdf(
          payment.reference,
          isLanguage(notification.language) ? notification.language : null,
          'full',
        );
        if (receipt.ok)
          message.attachments.push({
            filename: receipt.filename,
            content: receipt.pdf,
            contentType: 'application/pdf',
          });
      }
      const sentData = {
        status: 'sent' as const,
        sentAt: new Date(),
        lastError: null,
        subject: message.subject,
        // A one-time code or link is not kept once it is on its way.
        body: notification.sensitive ? null : message.text,
        ...(notification.sensitive ? { data: {} } : {}),
      };
      const transport = notification.channel === 'email' ? this.smtp : this.sms;
      if (transport.configured) {
        await transport.send({ notificationId, recipient: notification.recipient, message });
        const marked = await this.prisma.notification.updateMany({
          where: this.ownClaim(notification),
          data: sentData,
        });
        if (marked.count === 0) {
          // Our lease ran out while the provider took the message: another worker claimed it and may send it
          // too. Nothing here can take a sent email back; the log says so for the operators.
          this.logger.warn(
            { notificationId, reference, channel: notification.channel },
            'Notification sent after its lease ran out: another worker had claimed it',
          );
        }
      } else {
        // Development sink: "sending" and marking sent are one transaction, and only the holder of the current
        // claim may do it, so a sink message is written once however many workers raced for the row.
        const ours = await this.prisma.$transaction(async (tx) => {
          const marked = await tx.notification.updateMany({ where: this.ownClaim(notification), data: sentData });
          if (marked.count === 0) return false;
          await tx.sinkMessage.create({
            data: {
              notificationId,
              channel: notification.channel,
              recipient: notification.recipient,
              subject: message.subject,
              body: message.text,
            },
          });
          return true;
        }, SINK_TX_OPTIONS);
        if (!ours) {
          this.logger.warn(
            { notificationId, reference, channel: notification.channel },
            'Notification not written: its lease ran out and another worker claimed it',
          );
          return { sent: false, reason: 'in_flight' };
        }
        this.logger.log(
          { notificationId, reference, channel: notification.channel, sink: true },
          'Message written to the development sink',
        );
      }
      this.logger.log(
        { notificationId, reference, template: notification.template, channel: notification.channel },
        'Notification sent',
      );
      return { sent: true };
    } catch (error) {
      // Only while the claim is still ours: a late failure must not undo another worker's "sent".
      await this.prisma.notification.updateMany({
        where: this.ownClaim(notification),
        data: { status: 'failed', lastError: (error as Error).message.slice(0, 500) },
      });
      this.logger.warn(
        { notificationId, reference, template: notification.template, err: (error as Error).message },
        'Notification not sent',
      );
      throw error;
    }
  }

  /**
   * The row as this worker claimed it: still `sending` under the same attempt. Each claim counts an attempt,
   * so once the lease has run out and another worker has claimed the row, this no longer matches.
   */
  private ownClaim(claimed: Notification) {
    return { id: claimed.id, status: 'sending' as const, attempts: claimed.attempts };
  }

  private async referenceOf(n: Notification): Promise<string | undefined> {
    if (!n.paymentId) return undefined;
    return (await this.prisma.payment.findUnique({ where: { id: n.paymentId }, select: { reference: true } }))
      ?.reference;
  }
}
