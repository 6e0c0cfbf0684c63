import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module';
import { RequeryPaymentJob } from './requery-payment.job';
import { RequeryProcessor } from './requery.processor';
import { RequerySweep } from './requery-sweep';
import { SweepOpenPaymentsJob } from './sweep-open-payments.job';

/** The worker side of requery: the sweep that finds due payments, and the jobs that ask the gateways. */
@Module({
  imports: [PaymentsModule],
  providers: [RequerySweep, RequeryProcessor, RequeryPaymentJob, SweepOpenPaymentsJob],
})
export class RequeryWorkerModule {}
