import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { DestinationStream } from 'pino';
import { AdminModule } from './admin/admin.module';
import { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { ConfigurationModule } from './configuration/configuration.module';
import { BanksModule } from './banks/banks.module';
import { CouncilsModule } from './councils/councils.module';
import { DocumentsHttpModule } from './documents/documents.module';
import { HealthModule } from './health/health.module';
import { HttpDrainModule } from './http/http-drain';
import { IdentityModule } from './identity/identity.module';
import { LoggingModule } from './logging/logging.module';
import { PaymentsHttpModule } from './payments/payments.module';
import { PrismaModule } from './prisma/prisma.module';
import { QueuesModule } from './queues/queues.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { MetricsModule } from './metrics/metrics.module';
import { RedisModule } from './redis/redis.module';
import { SearchModule } from './search/search.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { BillsModule } from './bills/bills.module';
import { CouncilApiModule } from './council-api/council-api.module';

/** Modules shared by the HTTP API and the worker. */
export function coreModules(config: AppConfig, service: string, logDestination?: DestinationStream) {
  return [
    ConfigModule.forRoot(config),
    LoggingModule.forRoot(config, service, logDestination),
    CqrsModule.forRoot(),
    PrismaModule,
    RedisModule,
    MetricsModule,
  ];
}

/** The HTTP API. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logDestination?: DestinationStream): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreModules(config, 'api', logDestination),
        QueuesModule.forRoot(config),
        HttpDrainModule,
        RateLimitModule,
        HealthModule,
        CouncilsModule,
        ConfigurationModule,
        SearchModule,
        BillsModule,
        CouncilApiModule,
        BanksModule,
        PaymentsHttpModule,
        IdentityModule,
        AdminModule,
        WebhooksModule,
        DocumentsHttpModule,
      ],
    };
  }
}
