import { DynamicModule, Module } from '@nestjs/common';
import { coreModules } from './app.module';
import { AppConfig } from './config/config';
import { MaintenanceWorkerModule } from './maintenance/maintenance.module';
import { NotificationsWorkerModule } from './notifications/notifications.module';
import { OutboxWorkerModule } from './outbox/outbox.module';
import { JobHandlersModule } from './queues/job-handlers';
import { QueuesModule } from './queues/queues.module';
import { RequeryWorkerModule } from './requery/requery.module';
import { WebhooksWorkerModule } from './webhooks/webhooks.module';

/**
 * The BullMQ workers: the same core modules as the API, one processor per queue, and one handler per job
 * (queues/jobs.ts lists them; the worker refuses to start with one missing).
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ...coreModules(config, 'worker'),
        QueuesModule.forRoot(config),
        JobHandlersModule,
        OutboxWorkerModule,
        NotificationsWorkerModule,
        RequeryWorkerModule,
        MaintenanceWorkerModule,
        WebhooksWorkerModule,
      ],
    };
  }
}
