import { Module } from '@nestjs/common';
import { OutboxProcessor } from './outbox.processor';
import { OutboxRelayService } from './outbox-relay.service';
import { RelayOutboxJob } from './relay-outbox.job';

/** The API side writes outbox rows (write-outbox.ts); the worker side relays them. */
@Module({ providers: [OutboxRelayService], exports: [OutboxRelayService] })
export class OutboxModule {}

@Module({ imports: [OutboxModule], providers: [OutboxProcessor, RelayOutboxJob] })
export class OutboxWorkerModule {}
