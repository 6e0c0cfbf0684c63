import { JobHandler, type HandlesJob } from '../queues/job-handler';
import { RequerySweep } from './requery-sweep';

/** The repeatable sweep that queues an enquiry for every payment whose next one is due. */
@JobHandler('SweepOpenPayments')
export class SweepOpenPaymentsJob implements HandlesJob<'SweepOpenPayments'> {
  constructor(private readonly sweeper: RequerySweep) {}

  handle(): Promise<unknown> {
    return this.sweeper.sweep();
  }
}
