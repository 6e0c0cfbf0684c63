import { getQueueToken } from '@nestjs/bullmq';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { JOB_QUEUES, type JobName } from './jobs';
import { reportStartupStep } from './worker-process';

/** A repeatable job: kept in Redis under its scheduler id, run every `everyMs`. */
export interface JobSchedule {
  id: string;
  job: JobName;
  everyMs: (config: AppConfig) => number;
}

/** Every repeatable job of the worker. */
export const JOB_SCHEDULES: readonly JobSchedule[] = [
  { id: 'relay-outbox', job: 'RelayOutbox', everyMs: (c) => c.outboxRelayEveryMs },
  { id: 'sweep-notifications', job: 'SweepNotifications', everyMs: (c) => c.notifications.notifySweepEveryMs },
  { id: 'sweep-open-payments', job: 'SweepOpenPayments', everyMs: (c) => c.requery.sweepEveryMs },
  { id: 'expire-reset-requests', job: 'ExpireResetRequests', everyMs: () => 15 * 60_000 },
  { id: 'deliver-webhooks', job: 'DeliverWebhooks', everyMs: (c) => c.webhooks.deliverEveryMs },
  {
    id: 'produce-collection-files',
    job: 'ProduceCollectionFiles',
    everyMs: (c) => c.webhooks.collectionFiles.everyMs,
  },
];

/** How often a running worker checks that Redis still holds every schedule. */
export const SCHEDULE_CHECK_EVERY_MS = 5_000;
/** Pause between two tries to register the schedules at start while Redis does not answer or refuses. */
const START_RETRY_MS = 1_000;

/**
 * The worker's repeatable jobs. Each is upserted by its id, so any number of workers, starting any number of
 * times, keep exactly one. At start the worker registers every schedule before it calls itself started,
 * trying again while Redis is unreachable or refuses (the process's start deadline ends a start that never
 * succeeds, with a message naming the step). Then every few seconds it checks that each schedule is still in
 * Redis and puts back one that is missing: a Redis restarted without persistence loses them all, and without
 * them nothing relays the outbox or sweeps for lost messages.
 */
@Injectable()
export class JobSchedules implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobSchedules.name);
  private timer: NodeJS.Timeout | null = null;
  private stopping = false;
  private checking: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    reportStartupStep('registering the job schedules in Redis');
    for (let attempt = 1; !this.stopping; attempt += 1) {
      try {
        for (const schedule of JOB_SCHEDULES) await this.upsert(schedule);
        break;
      } catch (error) {
        this.logger.warn({ attempt, err: (error as Error).message }, 'Schedules not registered yet: trying again');
        await new Promise((resolve) => setTimeout(resolve, START_RETRY_MS));
      }
    }
    // Ref'd on purpose: with it, the process never runs out of work and ends silently.
    this.timer = setInterval(() => void this.check(), SCHEDULE_CHECK_EVERY_MS);
  }

  /** Puts back every schedule Redis no longer holds (one read per schedule). */
  check(): Promise<void> {
    this.checking ??= (async () => {
      for (const schedule of JOB_SCHEDULES) {
        if (this.stopping) return;
        try {
          if (await this.queueOf(schedule).getJobScheduler(schedule.id)) continue;
          await this.upsert(schedule);
          this.logger.warn({ scheduler: schedule.id }, 'Schedule was missing from Redis: restored');
        } catch (error) {
          this.logger.warn({ scheduler: schedule.id, err: (error as Error).message }, 'Schedule not checked');
        }
      }
    })().finally(() => (this.checking = null));
    return this.checking;
  }

  /**
   * When each schedule runs next, as Redis holds it (null: missing). A `next` long past means no worker is
   * taking that queue's jobs.
   */
  async states(): Promise<{ id: string; everyMs: number; next: number | null }[]> {
    return Promise.all(
      JOB_SCHEDULES.map(async (schedule) => {
        const held = await this.queueOf(schedule).getJobScheduler(schedule.id);
        return { id: schedule.id, everyMs: schedule.everyMs(this.config), next: held?.next ?? null };
      }),
    );
  }

  private async upsert(schedule: JobSchedule): Promise<void> {
    const everyMs = schedule.everyMs(this.config);
    const queue = this.queueOf(schedule);
    await queue.upsertJobScheduler(
      schedule.id,
      { every: everyMs },
      { name: schedule.job, data: {}, opts: { removeOnComplete: { count: 100 }, removeOnFail: { count: 1000 } } },
    );
    this.logger.log({ queue: queue.name, scheduler: schedule.id, everyMs }, 'Job scheduled');
  }

  private queueOf(schedule: JobSchedule): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(JOB_QUEUES[schedule.job]), { strict: false });
  }

  onModuleDestroy(): void {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A check under way finishes before the queues' connections close. */
  async beforeApplicationShutdown(): Promise<void> {
    this.onModuleDestroy();
    await this.checking;
  }
}
