import { Module } from '@nestjs/common';
import { OutboxRelayService } from './outbox-relay.service';
import { OutboxProcessor, OutboxScheduler } from './relay-outbox.job';

/** The API side writes outbox rows (writeOutbox); the worker side relays them. */
@Module({ providers: [OutboxRelayService], exports: [OutboxRelayService] })
export class OutboxModule {}

@Module({ imports: [OutboxModule], providers: [OutboxProcessor, OutboxScheduler] })
export class OutboxWorkerModule {}
