import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DEFAULT_LANGUAGE,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_RESPONSE_EXCERPT_CHARS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
} from '@councilpay/domain';
import { nextRetryAt, signWebhook } from '@councilpay/webhooks';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import type { Prisma, WebhookDelivery } from '../../generated/prisma/client';
import { queueNotification } from '../../notifications/queue-notification';
import { PrismaService } from '../../prisma/prisma.service';
import { SecretSealer } from '../../secrets/secret-sealer';
import { webhookBody } from '../council-events';
import { postWebhook, type PostResult } from './post-webhook';
import { holdingRoleIn } from '../../auth/staff-grants';

/** A claimed delivery is another worker's to take only after this long (well past one call's timeout). */
export const DELIVERY_LEASE_MS = 6 * WEBHOOK_TIMEOUT_MS;
/** Bytes of an answer read at most (the excerpt kept is shorter still). */
const MAX_RESPONSE_BYTES = 4 * WEBHOOK_RESPONSE_EXCERPT_CHARS;

export interface DeliveryRound {
  claimed: number;
  delivered: number;
  failed: number;
  disabledEndpoints: string[];
}

/**
 * Sends due deliveries. A delivery is due when it is pending, its time has come, its endpoint is on, and no
 * earlier event on one of its bills is still pending for the same endpoint: events on one bill reach an
 * endpoint in the order they were written, each only after the one before was delivered (or given up). It is
 * claimed by one conditional statement (SKIP LOCKED; the claim counts the attempt and holds it for a lease),
 * signed with the endpoint's secret at the moment of sending and POSTed once; the outcome is written only while
 * the claim is still this worker's. A 2xx is delivered; anything else is retried on the schedule of
 * libs/webhooks (30 s doubling to 6 h) until 72 hours after the event, then marked failed. An endpoint whose
 * calls have all failed for WEBHOOK_DISABLE_AFTER_MS is turned off (reason `failing`).
 */
@Injectable()
export class WebhookDeliverer {
  private readonly logger = new Logger(WebhookDeliverer.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly secrets: SecretSealer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Claims due deliveries and sends them all at once; the round ends when the slowest call has ended. */
  async deliverDue(now: Date = new Date(), limit = 50): Promise<DeliveryRound> {
    const claimed = await this.claimDue(now, limit);
    const round: DeliveryRound = { claimed: claimed.length, delivered: 0, failed: 0, disabledEndpoints: [] };
    await Promise.all(
      claimed.map(async (delivery) => {
        const outcome = await this.deliver(delivery, now);
        if (outcome.delivered) round.delivered += 1;
        else round.failed += 1;
        if (outcome.disabled) round.disabledEndpoints.push(delivery.endpointId);
      }),
    );
    return round;
  }

  /**
   * Claims up to `limit` due deliveries in one conditional statement: each counts an attempt and is held for a
   * lease, so no other worker sends it meanwhile. A claimed delivery stays pending, so a later event on one of
   * its bills is not due until it is delivered or given up.
   */
  async claimDue(now: Date, limit: number): Promise<WebhookDelivery[]> {
    if (limit <= 0) return [];
    const leaseEnd = new Date(now.getTime() + DELIVERY_LEASE_MS);
    return this.prisma.$queryRaw<WebhookDelivery[]>`
      UPDATE "WebhookDelivery" SET "attempts" = "attempts" + 1, "lastAttemptAt" = ${now}, "nextAttemptAt" = ${leaseEnd}
      WHERE "id" IN (
        SELECT d."id" FROM "WebhookDelivery" d
        JOIN "WebhookEndpoint" ep ON ep."id" = d."endpointId" AND ep."enabled"
        WHERE d."status" = 'pending' AND d."nextAttemptAt" <= ${now}
          AND NOT EXISTS (
            SELECT 1 FROM "WebhookDelivery" e
            WHERE e."endpointId" = d."endpointId" AND e."status" = 'pending' AND e."eventSeq" < d."eventSeq"
              AND e."billKeys" && d."billKeys")
        ORDER BY d."eventSeq"
        LIMIT ${limit}
        FOR UPDATE OF d SKIP LOCKED)
      RETURNING *`;
  }

  /** Sends one claimed delivery (signed at `now`) and writes its outcome under the claim. */
  async deliver(delivery: WebhookDelivery, now: Date): Promise<{ delivered: boolean; disabled: boolean }> {
    const result = await this.send(delivery, now);
    const delivered = result.status !== null && result.status >= 200 && result.status < 300;
    const disabled = await this.record(delivery, result, now);
    return { delivered, disabled };
  }

  private async send(delivery: WebhookDelivery, now: Date): Promise<PostResult> {
    const [endpoint, event] = await Promise.all([
      this.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: delivery.endpointId } }),
      this.prisma.webhookEvent.findUniqueOrThrow({ where: { id: delivery.eventId } }),
    ]);
    const body = JSON.stringify(webhookBody(event));
    let secret: string;
    try {
      secret = this.secrets.open(endpoint.id, endpoint.secretSealed);
    } catch {
      return { status: null, body: '', error: 'the endpoint secret cannot be opened with this WEBHOOK_SECRETS_KEY' };
    }
    return postWebhook(
      endpoint.url,
      body,
      {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'CouncilPay-Webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body, now.getTime()),
        [WEBHOOK_EVENT_ID_HEADER]: event.id,
      },
      {
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxResponseBytes: MAX_RESPONSE_BYTES,
        publicOnly: this.config.webhooks.publicUrlsOnly,
      },
    );
  }

  /** Emails each admin of the endpoint's council, through the outbox, in the transaction that turned it off. */
  private async tellCouncilAdmins(tx: Prisma.TransactionClient, endpointId: string, now: Date): Promise<void> {
    const endpoint = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
    const admins = await tx.user.findMany({
      where: holdingRoleIn(endpoint.councilCode, ['council_admin']),
      select: { id: true, email: true, fullName: true },
    });
    for (const admin of admins) {
      await queueNotification(tx, {
        channel: 'email',
        recipient: admin.email,
        template: 'webhook_endpoint_disabled',
        language: DEFAULT_LANGUAGE,
        data: {
          name: admin.fullName,
          council: endpoint.councilCode,
          url: endpoint.url,
          failingSince: (endpoint.failingSince ?? now).toISOString(),
        },
        dedupeKey: `webhook-disabled-${endpoint.id}-${now.getTime()}-${admin.id}`,
      });
    }
  }

  /** Writes the outcome under this worker's claim; true when it turned the endpoint off. */
  private async record(delivery: WebhookDelivery, result: PostResult, now: Date): Promise<boolean> {
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const excerpt = result.body.slice(0, WEBHOOK_RESPONSE_EXCERPT_CHARS) || null;
    const next = ok ? null : nextRetryAt(delivery.attempts, delivery.retryFrom, now);
    return this.prisma.$transaction(async (tx) => {
      const written = await tx.webhookDelivery.updateMany({
        where: { id: delivery.id, status: 'pending', attempts: delivery.attempts },
        data: {
          lastStatusCode: result.status,
          lastError: result.error,
          responseExcerpt: excerpt,
          ...(ok ? { status: 'delivered', deliveredAt: now } : next ? { nextAttemptAt: next } : { status: 'failed' }),
        },
      });
      if (written.count === 0) {
        this.logger.warn({ deliveryId: delivery.id.toString() }, 'Webhook outcome not written: its claim ran out');
        return false;
      }
      const log = { deliveryId: delivery.id.toString(), eventId: delivery.eventId, endpointId: delivery.endpointId };
      if (ok) {
        await tx.webhookEndpoint.updateMany({ where: { id: delivery.endpointId }, data: { failingSince: null } });
        this.logger.log({ ...log, status: result.status, attempts: delivery.attempts }, 'Webhook delivered');
        return false;
      }
      this.logger.warn(
        { ...log, status: result.status, error: result.error, attempts: delivery.attempts, gaveUp: !next },
        'Webhook delivery failed',
      );
      await tx.webhookEndpoint.updateMany({
        where: { id: delivery.endpointId, failingSince: null },
        data: { failingSince: now },
      });
      const disabled = await tx.webhookEndpoint.updateMany({
        where: {
          id: delivery.endpointId,
          enabled: true,
          failingSince: { lte: new Date(now.getTime() - WEBHOOK_DISABLE_AFTER_MS) },
        },
        data: { enabled: false, disabledReason: 'failing', disabledAt: now },
      });
      if (disabled.count > 0) {
        await this.tellCouncilAdmins(tx, delivery.endpointId, now);
        this.logger.warn({ endpointId: delivery.endpointId }, 'Webhook endpoint turned off: failing for 3 days');
      }
      return disabled.count > 0;
    });
  }
}
