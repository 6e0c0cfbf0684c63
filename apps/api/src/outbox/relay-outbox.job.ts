import { JobHandler, type HandlesJob } from '../queues/job-handler';
import { OutboxRelayService, RelayResult } from './outbox-relay.service';

/** The repeatable job that drains the outbox onto the other queues. It carries no data. */
@JobHandler('RelayOutbox')
export class RelayOutboxJob implements HandlesJob<'RelayOutbox'> {
  constructor(private readonly relay: OutboxRelayService) {}

  handle(): Promise<RelayResult> {
    return this.relay.relayBatch();
  }
}
