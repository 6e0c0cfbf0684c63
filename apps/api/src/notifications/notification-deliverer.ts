import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import type { Notification } from '../generated/prisma/client';
import { isLanguage } from '@councilpay/domain';
import { ReceiptDocuments } from '../documents/receipts/receipt-documents';
import { Metrics } from '../metrics/metrics';
import { PrismaService } from '../prisma/prisma.service';
import { renderNotification, type RenderedMessage } from './render';
import { HttpSmsTransport, SmtpTransport } from './transports';

/** Two short statements, but a loaded machine may pause them for seconds: Prisma's 5 s default is too tight. */
const SINK_TX_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

export type DeliveryResult = { sent: true } | { sent: false; reason: 'already_sent' | 'in_flight' | 'unknown' };

/**
 * Sends one Notification row, at most once: the message is composed first (the slow part), then the row is
 * claimed (queued/failed -> sending) by a conditional update, sent, and marked sent by the holder of that claim
 * only. The holder renews its claim while it sends; a claim not renewed for a lease (its worker died) is taken
 * over. A job run twice finds the row sent (or claimed) and sends nothing. Failures are recorded on the row and
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
    private readonly metrics: Metrics,
  ) {}

  async deliver(notificationId: string): Promise<DeliveryResult> {
    const row = await this.prisma.notification.findUnique({ where: { id: notificationId } });
    if (!row) return { sent: false, reason: 'unknown' };
    if (row.status === 'sent') return { sent: false, reason: 'already_sent' };
    if (row.status === 'sending' && !this.leaseRanOut(row)) return { sent: false, reason: 'in_flight' };
    // Everything slow (the payment read, the message, the PDF receipt) happens before the claim: on a busy
    // machine a render can take longer than the lease, and a claim held through it would be taken over.
    const reference = await this.referenceOf(row);
    let message: RenderedMessage;
    try {
      message = await this.compose(row);
    } catch (error) {
      // Not claimed, so nothing to give back: the row says why for the operators, and BullMQ tries again.
      await this.prisma.notification.updateMany({
        where: { id: notificationId, status: { in: ['queued', 'failed'] } },
        data: { status: 'failed', lastError: (error as Error).message.slice(0, 500) },
      });
      this.logger.warn(
        { notificationId, reference, template: row.template, err: (error as Error).message },
        'Notification not composed',
      );
      throw error;
    }
    const claimed = await this.prisma.$queryRaw<Notification[]>`
      UPDATE "Notification" SET "status" = 'sending', "attempts" = "attempts" + 1, "updatedAt" = now()
      WHERE "id" = ${notificationId}::uuid
        AND ("status" IN ('queued', 'failed') OR ("status" = 'sending' AND "updatedAt" < now() - make_interval(secs => ${this.config.notifications.notifySendingLeaseMs / 1000})))
      RETURNING *`;
    const notification = claimed[0];
    if (!notification) {
      const current = await this.prisma.notification.findUnique({
        where: { id: notificationId },
        select: { status: true },
      });
      return { sent: false, reason: !current ? 'unknown' : current.status === 'sent' ? 'already_sent' : 'in_flight' };
    }
    // The claim is renewed while this worker sends: it lapses only when the worker dies or stalls a whole lease.
    const renewal = this.keepClaim(notification, reference);
    try {
      const ours = await this.write(notification, message);
      renewal.stop();
      if (!ours) {
        this.logger.warn(
          { notificationId, reference, channel: notification.channel },
          'Notification not written: its lease ran out and another worker claimed it',
        );
        return { sent: false, reason: 'in_flight' };
      }
      this.logger.log(
        { notificationId, reference, template: notification.template, channel: notification.channel },
        'Notification sent',
      );
      return { sent: true };
    } catch (error) {
      renewal.stop();
      // Only while the claim is still ours: a late failure must not undo another worker's "sent".
      await this.prisma.notification.updateMany({
        where: this.ownClaim(notification),
        data: { status: 'failed', lastError: (error as Error).message.slice(0, 500) },
      });
      this.metrics.notificationAttemptsFailed.inc({ channel: notification.channel });
      this.logger.warn(
        { notificationId, reference, template: notification.template, err: (error as Error).message },
        'Notification not sent',
      );
      throw error;
    }
  }

  /**
   * Sends the claimed message and marks it sent; false when the claim was no longer this worker's (nothing was
   * written). Through a real provider the message leaves first and is marked after; in the development sink
   * "sending" and marking are one transaction, so a sink message is written once however many workers raced.
   */
  private async write(notification: Notification, message: RenderedMessage): Promise<boolean> {
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
      await transport.send({ notificationId: notification.id, recipient: notification.recipient, message });
      const marked = await this.prisma.notification.updateMany({ where: this.ownClaim(notification), data: sentData });
      if (marked.count === 0) {
        // The claim lapsed while the provider took the message (this worker stalled a whole lease): another
        // worker claimed it and may send it too. Nothing here can take a sent email back; the log says so.
        this.logger.warn(
          { notificationId: notification.id, channel: notification.channel },
          'Notification sent after its lease ran out: another worker had claimed it',
        );
      }
      return true;
    }
    const ours = await this.prisma.$transaction(async (tx) => {
      const marked = await tx.notification.updateMany({ where: this.ownClaim(notification), data: sentData });
      if (marked.count === 0) return false;
      await tx.sinkMessage.create({
        data: {
          notificationId: notification.id,
          channel: notification.channel,
          recipient: notification.recipient,
          subject: message.subject,
          body: message.text,
        },
      });
      return true;
    }, SINK_TX_OPTIONS);
    if (ours) {
      this.logger.log(
        { notificationId: notification.id, channel: notification.channel, sink: true },
        'Message written to the development sink',
      );
    }
    return ours;
  }

  /** The message as the payer will read it, with the PDF receipt attached to a paid payment's email. */
  private async compose(notification: Notification): Promise<RenderedMessage> {
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
    return message;
  }

  private leaseRanOut(row: Notification): boolean {
    return row.updatedAt.getTime() < Date.now() - this.config.notifications.notifySendingLeaseMs;
  }

  /**
   * Renews this worker's claim on a row a few times per lease while it sends, so that a slow provider or a
   * busy machine never lets a second worker take over a message that is on its way (which sent it twice, or,
   * when every sender was slower than the lease, never). Only a worker that died or stalls for a whole lease
   * loses its claim.
   */
  private keepClaim(claimed: Notification, reference: string | undefined): { stop: () => void } {
    const everyMs = Math.max(200, Math.floor(this.config.notifications.notifySendingLeaseMs / 4));
    let stopped = false;
    const timer = setInterval(() => {
      if (stopped) return;
      this.prisma.$executeRaw`
        UPDATE "Notification" SET "updatedAt" = now()
        WHERE "id" = ${claimed.id}::uuid AND "status" = 'sending' AND "attempts" = ${claimed.attempts}`
        .then((renewed) => {
          if (renewed === 0 && !stopped)
            this.logger.warn({ notificationId: claimed.id, reference }, 'Claim on a message lost while sending');
        })
        .catch((error: unknown) =>
          this.logger.warn({ notificationId: claimed.id, err: (error as Error).message }, 'Claim not renewed'),
        );
    }, everyMs);
    return {
      stop: () => {
        stopped = true;
        clearInterval(timer);
      },
    };
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
