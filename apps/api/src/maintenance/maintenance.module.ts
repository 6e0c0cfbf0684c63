import { Module } from '@nestjs/common';
import { ExpireResetRequestsJob } from './expire-reset-requests.job';
import { MaintenanceProcessor } from './maintenance.processor';

@Module({ providers: [MaintenanceProcessor, ExpireResetRequestsJob] })
export class MaintenanceWorkerModule {}
