import { Inject, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Job, Worker } from 'bullmq';
import { isAnswerable, isOpen, expiresAt } from '@councilpay/domain';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ExpirePaymentCommand } from '../payments/commands/expire-payment/expire-payment.command';
import { RequeryPaymentCommand } from '../payments/commands/requery-payment/requery-payment.command';
import type { RequeryResult } from '../payments/commands/requery-payment/requery-payment.result';
import { PrismaService } from '../prisma/prisma.service';
import { JobHandler, type HandlesJob } from '../queues/job-handler';
import type { JobData } from '../queues/jobs';
import { RedisService } from '../redis/redis.module';

export type RequeryPaymentData = JobData<'RequeryPayment'>;

/**
 * One enquiry, then expiry if the payment is still open past its 24 hours and the gateway answered. An
 * enquiry that fails ends nothing: the payment stays open and is asked again. Payments that ended without
 * an approval are only asked (a late approval pays them). Gateway calls are rate limited.
 */
@JobHandler('RequeryPayment')
export class RequeryPaymentJob implements HandlesJob<'RequeryPayment'> {
  private readonly logger = new Logger(RequeryPaymentJob.name);

  constructor(
    private readonly commandBus: CommandBus,
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(job: Job<RequeryPaymentData>, worker: Worker): Promise<string> {
    const { reference } = job.data;
    const payment = await this.prisma.payment.findUnique({
      where: { reference },
      select: { status: true, createdAt: true },
    });
    if (!payment || !isAnswerable(payment.status)) return 'final';
    await this.takeRateToken(job, worker);
    let answered = true;
    try {
      const result = await this.commandBus.execute<RequeryPaymentCommand, RequeryResult>(
        new RequeryPaymentCommand(reference, 'requery'),
      );
      answered = result.outcome !== 'gateway_unavailable' && result.outcome !== 'not_found';
      if (!answered)
        this.logger.warn({ reference, attempt: job.data.attempt, outcome: result.outcome }, 'Requery failed');
    } catch (error) {
      answered = false;
      this.logger.warn({ reference, attempt: job.data.attempt, err: (error as Error).message }, 'Requery failed');
    }
    const after = await this.prisma.payment.findUniqueOrThrow({ where: { reference }, select: { status: true } });
    if (answered && isOpen(after.status) && new Date() >= expiresAt(payment.createdAt, this.config.requery.timeScale)) {
      await this.commandBus.execute(new ExpirePaymentCommand(reference));
      this.logger.log({ reference }, 'Payment expired without a final answer');
      return 'expired';
    }
    return after.status;
  }

  /** A per-second budget of gateway calls shared by every worker (REQUERY_RATE_PER_SECOND). */
  private async takeRateToken(job: Job, worker: Worker): Promise<void> {
    await this.redis.ensureConnected();
    const key = this.redis.key('requery-rate', String(Math.floor(Date.now() / 1000)));
    const used = await this.redis.client.incr(key);
    if (used === 1) await this.redis.client.pexpire(key, 2000);
    if (used > this.config.requery.ratePerSecond) {
      await worker.rateLimit(1000);
      if (!job.token) throw new Error('job without a lock token');
      throw Worker.RateLimitError();
    }
  }
}
