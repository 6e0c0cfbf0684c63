import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Prisma } from '../../generated/prisma/client';
import {
  COUNCIL_FEED_PAGE,
  COUNCIL_FEED_TYPES,
  WEBHOOK_EVENT_VERSION,
  type CouncilFeedPage,
  type CouncilFeedType,
} from '@councilpay/domain';
import { ApiError } from '../../http/api-error';
import { PrismaService } from '../../prisma/prisma.service';
import { webhookBody } from '../council-events';
import { mayRead } from '../council-reader';
import { PullCouncilFeedQuery } from './pull-council-feed.query';

const CURSOR = /^(\d{1,18})-(\d{1,18})$/;
const START = '0-0';

/** A feed position: the writing transaction and the event's sequence (`<txid>-<seq>`). */
export function parseCursor(cursor: string): { txid: bigint; seq: bigint } {
  const match = CURSOR.exec(cursor);
  if (!match) {
    throw new ApiError(
      400,
      'validation_failed',
      'after must be a cursor this feed gave (<digits>-<digits>)',
      undefined,
      'after',
    );
  }
  return { txid: BigInt(match[1]), seq: BigInt(match[2]) };
}

/** The feed's horizon as one SQL expression over the statement's snapshot (see {@link PullCouncilFeedHandler}). */
const HORIZON = Prisma.sql`
  SELECT coalesce(min((running::text)::bigint), (pg_snapshot_xmax(pg_current_snapshot())::text)::bigint)
  FROM pg_snapshot_xip(pg_current_snapshot()) AS running
  WHERE ((running::text)::bigint & 4294967295) NOT IN (
    SELECT (activity.backend_xid::text)::bigint FROM pg_stat_activity AS activity
    JOIN pg_database AS db ON db.oid = activity.datid
    WHERE activity.backend_xid IS NOT NULL AND db.datname <> current_database())`;

interface EventRow {
  id: string;
  seq: bigint;
  txid: bigint;
  type: CouncilFeedType;
  createdAt: Date;
  data: unknown;
}

/**
 * The pull feed: a council's `bill.credited` and `refund.made` events (written in the crediting and refunding
 * transactions) after a cursor. Keyset on (writing transaction id, sequence), and only events of transactions
 * that have ended: those below the oldest transaction that may still write here (the horizon). A sequence number
 * is taken when a row is written but seen when its transaction commits, so a plain `seq > cursor` would skip an
 * event whose transaction took its number early and committed late; no transaction below the horizon can still
 * write, so nothing can appear behind a cursor once handed out.
 *
 * The horizon is the oldest transaction the statement's snapshot saw running (its in-progress list, or its
 * xmax when none), leaving out those the server reports as running in another database: they cannot write
 * this database's events, and a long transaction there (a bulk load, a report) must not stop a council's
 * feed. Every other running transaction counts, including one that ended after the snapshot was taken (its
 * rows are invisible to this statement) and any whose database the server does not say: the feed may wait
 * for those, it never skips. A transaction id in the list is 64 bits and the server's activity view gives 32,
 * compared on the low 32 bits (ids running at once are far closer than 2^32 apart).
 */
@QueryHandler(PullCouncilFeedQuery)
export class PullCouncilFeedHandler implements IQueryHandler<PullCouncilFeedQuery, CouncilFeedPage> {
  constructor(private readonly prisma: PrismaService) {}

  async execute({ caller, council, after, limit }: PullCouncilFeedQuery): Promise<CouncilFeedPage> {
    if (!mayRead(caller, council)) {
      throw new ApiError(403, 'forbidden', 'This council is not one of yours', { council });
    }
    const position = parseCursor(after ?? START);
    const size = limit ?? COUNCIL_FEED_PAGE;
    if (!Number.isInteger(size) || size < 1 || size > COUNCIL_FEED_PAGE) {
      throw new ApiError(400, 'validation_failed', `limit must be 1 to ${COUNCIL_FEED_PAGE}`, undefined, 'limit');
    }
    const rows = await this.prisma.$queryRaw<EventRow[]>`
      SELECT "id", "seq", "txid", "type", "createdAt", "data" FROM "WebhookEvent"
      WHERE "councilCode" = ${council} AND "type" = ANY(${[...COUNCIL_FEED_TYPES]}::text[])
        AND ("txid", "seq") > (${position.txid}::bigint, ${position.seq}::bigint)
        AND "txid" < (${HORIZON})
      ORDER BY "txid", "seq" LIMIT ${size + 1}`;
    const page = rows.slice(0, size);
    const events = page.map(
      (r): CouncilFeedPage['events'][number] =>
        ({
          cursor: `${r.txid}-${r.seq}`,
          ...webhookBody({ ...r, version: WEBHOOK_EVENT_VERSION, councilCode: council }),
        }) as CouncilFeedPage['events'][number],
    );
    return {
      events,
      nextCursor: events.length > 0 ? events[events.length - 1].cursor : (after ?? START),
      hasMore: rows.length > size,
    };
  }
}
