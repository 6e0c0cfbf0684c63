import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import {
  OPEN_PAYMENT_STATES,
  SLOW_REQUERY_STATES,
  expiresAt,
  nextRequeryAt,
  nextSlowRequeryAt,
  SLOW_REQUERY_EVERY_MS,
} from '@councilpay/domain';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { PrismaService } from '../prisma/prisma.service';
import type { JobData, JobName } from '../queues/jobs';
import { QueueName } from '../queues/queue-names';

const BATCH = 500;
const OPEN: string[] = [...OPEN_PAYMENT_STATES];
const SLOW: string[] = [...SLOW_REQUERY_STATES];

interface DuePayment {
  reference: string;
  status: string;
  createdAt: Date;
  finalAt: Date | null;
  requeryAttempts: number;
  bankSilentAt: Date | null;
}

/**
 * When a payment swept now is asked next (null: never again). Ended without an approval: the slow schedule.
 * Open: the requery schedule; past the expiry moment the job expires it (only on an answer), and until then the
 * sweep asks again every hour (scaled); once operators were alerted that the bank cannot be asked, once a day.
 */
function nextEnquiry(p: DuePayment, now: Date, attempt: number, scale: number): Date | null {
  if (!OPEN.includes(p.status)) return nextSlowRequeryAt(p.finalAt ?? now, now, scale);
  if (p.bankSilentAt) return new Date(now.getTime() + Math.round(SLOW_REQUERY_EVERY_MS * scale));
  if (now >= expiresAt(p.createdAt, scale)) return new Date(now.getTime() + Math.round(3_600_000 * scale));
  return nextRequeryAt(p.createdAt, now, attempt + 1, scale);
}

/**
 * Finds payments without a final answer whose next enquiry is due (or that are past their 24 hours) and puts
 * a RequeryPayment job on the queue for each. The schedule lives on the payment rows, so a payment is never
 * stranded: whatever happened to Redis or to an earlier job, the next sweep finds it. Rows are claimed with
 * SKIP LOCKED and job ids are deterministic (reference + attempt), so sweeps in several workers never double up.
 */
@Injectable()
export class RequerySweep {
  private readonly logger = new Logger(RequerySweep.name);

  constructor(
    private readonly prisma: PrismaService,
    @InjectQueue(QueueName.Requery) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sweep(now = new Date()): Promise<{ queued: number }> {
    const scale = this.config.requery.timeScale;
    const queued = await this.prisma.$transaction(
      async (tx) => {
        // Open payments on the requery schedule; payments ended without an approval on the slow one (their
        // nextRequeryAt is null once its 7 days are over).
        const due = await tx.$queryRaw<DuePayment[]>`
          SELECT "reference", "status"::text AS "status", "createdAt", "finalAt", "requeryAttempts", "bankSilentAt"
          FROM "Payment"
          WHERE ("status"::text = ANY(${OPEN}) AND ("nextRequeryAt" IS NULL OR "nextRequeryAt" <= ${now}))
             OR ("status"::text = ANY(${SLOW}) AND "nextRequeryAt" <= ${now})
          ORDER BY "nextRequeryAt" NULLS FIRST LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`;
        const jobs: { name: JobName; data: JobData<'RequeryPayment'>; opts: { jobId: string } }[] = [];
        const references: string[] = [];
        const attempts: number[] = [];
        const nextAt: string[] = [];
        for (const p of due) {
          const attempt = p.requeryAttempts + 1;
          const data: JobData<'RequeryPayment'> = { reference: p.reference, attempt };
          jobs.push({
            name: 'RequeryPayment' satisfies JobName,
            data,
            opts: { jobId: `requery-${p.reference}-${attempt}` },
          });
          const next = nextEnquiry(p, now, attempt, scale);
          references.push(p.reference);
          attempts.push(attempt);
          nextAt.push(next?.toISOString() ?? '');
        }
        // The batch's attempts and next enquiries in one statement (an empty time: off the slow schedule).
        if (references.length > 0) {
          await tx.$executeRaw`
            UPDATE "Payment" p
            SET "requeryAttempts" = u.attempt,
                "nextRequeryAt" = (NULLIF(u.next, '')::timestamptz AT TIME ZONE 'UTC'),
                "updatedAt" = (now() AT TIME ZONE 'UTC')
            FROM unnest(${references}::text[], ${attempts}::int[], ${nextAt}::text[]) AS u(reference, attempt, next)
            WHERE p."reference" = u.reference`;
        }
        // One round trip for the batch while the rows are held (ids are deterministic: adding again is a no-op).
        if (jobs.length > 0) await this.queue.addBulk(jobs);
        return due.length;
      },
      { timeout: 60_000 },
    );
    if (queued > 0) this.logger.log({ queued }, 'Requeries queued');
    return { queued };
  }
}
