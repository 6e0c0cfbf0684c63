import { DynamicModule, Module } from '@nestjs/common';
import { coreModules } from './app.module';
import { AppConfig } from './config/config';
import { OutboxWorkerModule } from './outbox/outbox.module';
import { QueuesModule } from './queues/queues.module';

/** The BullMQ workers: the same modules as the API, plus the processors. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [...coreModules(config, 'worker'), QueuesModule.forRoot(config), OutboxWorkerModule],
    };
  }
}
