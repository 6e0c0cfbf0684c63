import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { Client } from 'pg';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';

const CHANNEL = 'payment_event';
/** After losing the connection, listen again after this long. */
const RECONNECT_MS = 2_000;

/**
 * Which payments changed, as PostgreSQL tells it: a trigger on PaymentEvent notifies `payment_event` with the
 * payment's reference when the transaction that changed it commits, so every API process (whichever took the
 * gateway's answer) hears it at once. One listening connection per process, opened on the first subscriber.
 * A dropped connection loses notifications until it is back: the stream's readers poll as a fallback.
 */
@Injectable()
export class PaymentChanges implements OnApplicationShutdown {
  private readonly logger = new Logger(PaymentChanges.name);
  private readonly emitter = new EventEmitter();
  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.emitter.setMaxListeners(0);
  }

  /** Calls `listener` whenever the payment `reference` changes; returns the unsubscribe. */
  async subscribe(reference: string, listener: () => void): Promise<() => void> {
    this.emitter.on(reference, listener);
    await this.listen().catch((error: unknown) =>
      this.logger.warn({ err: (error as Error).message }, 'Not listening for payment changes'),
    );
    return () => this.emitter.off(reference, listener);
  }

  private listen(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = new Client({ connectionString: this.config.databaseListenUrl });
      client.on('notification', (message) => {
        if (message.channel === CHANNEL && message.payload) this.emitter.emit(message.payload);
      });
      client.on('error', (error) => {
        this.logger.warn({ err: error.message }, 'Payment change listener lost');
        this.client = null;
        void client.end().catch(() => undefined);
        if (!this.closed) setTimeout(() => void this.listen().catch(() => undefined), RECONNECT_MS).unref();
      });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.client = client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.emitter.removeAllListeners();
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
