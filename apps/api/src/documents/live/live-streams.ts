import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';

/** Why a stream was not opened: too many from the address or for the payment (429), or the process is full (503). */
export type StreamRefusal = 'address' | 'payment' | 'full';

export interface StreamLease {
  /** Gives the stream's place back; once only, however often it is called. */
  release(): void;
}

/**
 * The live status streams this API process holds open, counted by the client's address, by payment and in
 * all (LIVE_STREAMS_PER_ADDRESS, LIVE_STREAMS_PER_PAYMENT, LIVE_STREAMS_MAX). A stream holds a socket and a
 * listener for as long as it lasts, so each limit is on streams open now, not on requests over time. Counted
 * per process: the limits protect this process's sockets, and every process enforces its own.
 */
@Injectable()
export class LiveStreams {
  private readonly logger = new Logger(LiveStreams.name);
  private readonly byAddress = new Map<string, number>();
  private readonly byPayment = new Map<string, number>();
  private open = 0;
  /** When the last refusal was logged, per kind: one line per kind and 10 s, not one per refused stream. */
  private readonly lastLogged = new Map<StreamRefusal, number>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** A place for a stream of `reference` from `address`, or why there is none. */
  take(address: string, reference: string): StreamLease | StreamRefusal {
    const limits = this.config.liveStreams;
    const refusal: StreamRefusal | null =
      this.open >= limits.max
        ? 'full'
        : (this.byAddress.get(address) ?? 0) >= limits.perAddress
          ? 'address'
          : (this.byPayment.get(reference) ?? 0) >= limits.perPayment
            ? 'payment'
            : null;
    if (refusal) {
      this.logRefusal(refusal, address, reference);
      return refusal;
    }
    this.open += 1;
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    this.byPayment.set(reference, (this.byPayment.get(reference) ?? 0) + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.open -= 1;
        decrement(this.byAddress, address);
        decrement(this.byPayment, reference);
      },
    };
  }

  /** Streams open now. */
  count(): number {
    return this.open;
  }

  private logRefusal(refusal: StreamRefusal, address: string, reference: string): void {
    const now = Date.now();
    if (now - (this.lastLogged.get(refusal) ?? 0) < 10_000) return;
    this.lastLogged.set(refusal, now);
    this.logger.warn({ refusal, address, reference, open: this.open }, 'Live status stream refused');
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
