import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { ConfigurationModule } from './configuration/configuration.module';
import { BanksModule } from './banks/banks.module';
import { CouncilsModule } from './councils/councils.module';
import { HealthModule } from './health/health.module';
import { LoggingModule } from './logging/logging.module';
import { PaymentsHttpModule } from './payments/payments.module';
import { PrismaModule } from './prisma/prisma.module';
import { QueuesModule } from './queues/queues.module';
import { RedisModule } from './redis/redis.module';
import { SearchModule } from './search/search.module';

/** Modules shared by the HTTP API and the worker. */
export function coreModules(config: AppConfig, service: string) {
  return [
    ConfigModule.forRoot(config),
    LoggingModule.forRoot(config, service),
    CqrsModule.forRoot(),
    PrismaModule,
    RedisModule,
  ];
}

/** The HTTP API. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreModules(config, 'api'),
        QueuesModule.forRoot(config),
        HealthModule,
        CouncilsModule,
        ConfigurationModule,
        SearchModule,
        BanksModule,
        PaymentsHttpModule,
      ],
    };
  }
}
