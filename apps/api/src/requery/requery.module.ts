import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module';
import { RequeryProcessor } from './requery.processor';
import { RequerySweep } from './requery-sweep.service';

/** The worker side of requery: the sweep that finds due payments, and the processor that asks the gateways. */
@Module({ imports: [PaymentsModule], providers: [RequerySweep, RequeryProcessor] })
export class RequeryWorkerModule {}
