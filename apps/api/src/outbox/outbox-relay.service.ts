import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { PrismaService } from '../prisma/prisma.service';
import { QueueName } from '../queues/queue-names';

export interface RelayResult {
  relayed: number;
  failed: number;
}

/**
 * Moves unsent outbox rows onto their BullMQ queues. Rows are claimed with SKIP LOCKED so several workers
 * can relay at once; a row is marked sent only after Redis accepted its job, and the job id is the row's
 * deterministic id, so a relay that dies between the two steps re-adds a job BullMQ already has (a no-op).
 */
@Injectable()
export class OutboxRelayService {
  private readonly logger = new Logger(OutboxRelayService.name);
  private readonly queues: Map<string, Queue>;

  constructor(
    private readonly prisma: PrismaService,
    @InjectQueue(QueueName.Notify) notify: Queue,
    @InjectQueue(QueueName.Requery) requery: Queue,
    @InjectQueue(QueueName.Maintenance) maintenance: Queue,
  ) {
    this.queues = new Map([notify, requery, maintenance].map((q) => [q.name, q]));
  }

  async relayBatch(limit = 200): Promise<RelayResult> {
    return this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<
        { id: bigint; queue: string; jobName: string; jobId: string; payload: unknown; runAt: Date }[]
      >`
        SELECT "id", "queue", "jobName", "jobId", "payload", "runAt" FROM "Outbox"
        WHERE "sentAt" IS NULL ORDER BY "id" LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
      let relayed = 0;
      let failed = 0;
      for (const row of rows) {
        const queue = this.queues.get(row.queue);
        try {
          if (!queue) throw new Error(`unknown queue ${row.queue}`);
          const delay = Math.max(0, row.runAt.getTime() - Date.now());
          await queue.add(row.jobName, row.payload, { jobId: row.jobId, delay });
          await tx.outbox.update({ where: { id: row.id }, data: { sentAt: new Date(), attempts: { increment: 1 } } });
          relayed += 1;
        } catch (error) {
          failed += 1;
          await tx.outbox.update({
            where: { id: row.id },
            data: { attempts: { increment: 1 }, lastError: (error as Error).message.slice(0, 500) },
          });
          this.logger.warn({ outboxId: row.id.toString(), jobId: row.jobId, err: error }, 'Outbox row not relayed');
        }
      }
      if (rows.length > 0) this.logger.log({ relayed, failed }, 'Outbox relayed');
      return { relayed, failed };
    });
  }
}
