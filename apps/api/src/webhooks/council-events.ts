import {
  WEBHOOK_EVENT_VERSION,
  type WebhookEvent,
  type WebhookEventDataByType,
  type WebhookEventType,
} from '@councilpay/domain';
import { newEventId } from '@councilpay/webhooks';
import { Prisma } from '../generated/prisma/client';

type Tx = Prisma.TransactionClient;

/** One event to tell a council, before it is written. */
export interface CouncilEvent<T extends WebhookEventType = WebhookEventType> {
  council: string;
  type: T;
  /** The bills (payable ids) it is about: its deliveries wait for earlier undelivered events on any of them. */
  billKeys: string[];
  data: WebhookEventDataByType[T];
}

/**
 * What the rest of the API uses of payments out: records council events in the caller's transaction (so an
 * event exists exactly when what it tells committed) and, in the same statement's transaction, one delivery
 * for every enabled endpoint of the event's council that chose its type. An endpoint added later does not
 * receive events from before it existed. The delivery worker sends them.
 */
export async function recordCouncilEvents(tx: Tx, events: readonly CouncilEvent[], now: Date): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e) => ({
    id: newEventId(now.getTime()),
    councilCode: e.council,
    type: e.type,
    version: WEBHOOK_EVENT_VERSION,
    billKeys: e.billKeys,
    data: e.data as unknown as Prisma.InputJsonObject,
    createdAt: now,
  }));
  // One by one, in the order given: `seq` is the order events on one bill are delivered in.
  for (const row of rows) await tx.webhookEvent.create({ data: row });
  await tx.$executeRaw`
    INSERT INTO "WebhookDelivery" ("eventId", "endpointId", "eventSeq", "billKeys", "nextAttemptAt", "retryFrom", "createdAt")
    SELECT ev."id", ep."id", ev."seq", ev."billKeys", ${now}, ${now}, ${now}
    FROM "WebhookEvent" ev
    JOIN "WebhookEndpoint" ep ON ep."councilCode" = ev."councilCode" AND ep."enabled" AND ev."type" = ANY (ep."events")
    WHERE ev."id" IN (${Prisma.join(rows.map((r) => r.id))})
    ORDER BY ev."seq", ep."id"`;
}

/** A written event as a council receives it (webhook body, feed entry): the envelope around its data. */
export function webhookBody(event: {
  id: string;
  type: string;
  version: number;
  createdAt: Date;
  councilCode: string;
  data: unknown;
}): WebhookEvent {
  return {
    id: event.id,
    type: event.type as WebhookEventType,
    version: event.version as typeof WEBHOOK_EVENT_VERSION,
    createdAt: event.createdAt.toISOString(),
    council: event.councilCode,
    data: event.data as WebhookEventDataByType[WebhookEventType],
  };
}
