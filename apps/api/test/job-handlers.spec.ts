import type { DynamicModule, INestApplicationContext } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { describe, expect, it } from 'vitest';
import { PaymentsModule } from '../src/payments/payments.module';
import { JobHandler } from '../src/queues/job-handler';
import { JobHandlersIncompleteError } from '../src/queues/job-handlers';
import { JOB_NAMES, JOB_QUEUES } from '../src/queues/jobs';
import { QueueName } from '../src/queues/queue-names';
import { RequeryProcessor } from '../src/requery/requery.processor';
import { RequeryWorkerModule } from '../src/requery/requery.module';
import { RequerySweep } from '../src/requery/requery-sweep';
import { SweepOpenPaymentsJob } from '../src/requery/sweep-open-payments.job';
import { WorkerModule } from '../src/worker.module';
import { testConfig } from './test-app';

/** The requery module as a change that forgot to register the RequeryPayment handler would leave it. */
@Module({ imports: [PaymentsModule], providers: [RequerySweep, RequeryProcessor, SweepOpenPaymentsJob] })
class RequeryWithoutItsPaymentJob {}

@JobHandler('RequeryPayment')
class SecondRequeryPaymentJob {
  handle(): Promise<unknown> {
    return Promise.resolve('never');
  }
}
@Module({ providers: [SecondRequeryPaymentJob] })
class SecondHandlerModule {}

@JobHandler('SendFax' as never)
class UnknownJob {
  handle(): Promise<unknown> {
    return Promise.resolve('never');
  }
}
@Module({ providers: [UnknownJob] })
class UnknownJobModule {}

/** The real worker module, with its module list changed as `change` says. */
function workerWith(change: (imports: NonNullable<DynamicModule['imports']>) => DynamicModule['imports']) {
  const worker = WorkerModule.forRoot(testConfig());
  return { ...worker, imports: change(worker.imports ?? []) };
}

async function startFails(module: DynamicModule): Promise<Error> {
  let context: INestApplicationContext | undefined;
  try {
    context = await NestFactory.createApplicationContext(module, { logger: false, abortOnError: false });
    await context.init();
  } catch (error) {
    return error as Error;
  } finally {
    await context?.close().catch(() => undefined);
  }
  throw new Error('the worker started');
}

describe('every job has exactly one handler, or the worker does not start', () => {
  it('lists the eight jobs of the five queues', () => {
    expect(JOB_NAMES).toEqual([
      'RelayOutbox',
      'DeliverNotification',
      'SweepNotifications',
      'RequeryPayment',
      'SweepOpenPayments',
      'ExpireResetRequests',
      'DeliverWebhooks',
      'ProduceCollectionFiles',
    ]);
  });

  it('webhook deliveries have their queue to themselves: a long job (a week of collection files) never runs in front of them', () => {
    // A queue's worker runs one job at a time: a chaos run saw six minutes without a delivery while the first
    // collection files of a new database were made on the webhooks queue.
    expect(JOB_NAMES.filter((job) => JOB_QUEUES[job] === QueueName.Webhooks)).toEqual(['DeliverWebhooks']);
  });

  it('a worker missing the RequeryPayment handler refuses to start and names the job and its queue', async () => {
    const error = await startFails(
      workerWith((imports) => imports.map((m) => (m === RequeryWorkerModule ? RequeryWithoutItsPaymentJob : m))),
    );
    expect(error).toBeInstanceOf(JobHandlersIncompleteError);
    expect(error.message).toContain('no handler for job RequeryPayment (queue requery)');
  });

  it('a job with two handlers refuses to start, naming both', async () => {
    const error = await startFails(workerWith((imports) => [...imports, SecondHandlerModule]));
    expect(error).toBeInstanceOf(JobHandlersIncompleteError);
    expect(error.message).toContain('job RequeryPayment has 2 handlers: RequeryPaymentJob, SecondRequeryPaymentJob');
  });

  it('a handler for a job that is not in the list refuses to start', async () => {
    const error = await startFails(workerWith((imports) => [...imports, UnknownJobModule]));
    expect(error.message).toContain('UnknownJob handles "SendFax", which is not a job in queues/jobs.ts');
  });
});
