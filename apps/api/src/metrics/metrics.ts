import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

/** Seconds: from a quick answer to the gateways' 10 s timeout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * This process's Prometheus metrics (prom-client), in a registry of its own, served on METRICS_PORT
 * (metrics-server.ts). Counters count what this process did; a payment's state changes are counted by the
 * process whose transaction made them (an API taking a gateway's answer, a worker's enquiry), so the sum over
 * processes counts each change once. What the database and Redis hold (queues, outbox, messages) is read at
 * scrape time by the API (health-gauges.ts), the same figures as /api/health.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'councilpay_http_request_duration_seconds',
    help: 'HTTP requests by method, route (its pattern) and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly paymentsCreated = new Counter({
    name: 'councilpay_payments_created_total',
    help: 'Payments created, by method (fpx, card)',
    labelNames: ['method'] as const,
    registers: [this.registry],
  });

  readonly paymentStatusChanges = new Counter({
    name: 'councilpay_payment_status_changes_total',
    help: 'Payments moved to a status (paid, failed, expired, refunded ...), by method and by what told us',
    labelNames: ['to', 'method', 'source'] as const,
    registers: [this.registry],
  });

  readonly councilPayments = new Counter({
    name: 'councilpay_council_payments_total',
    help:
      'Payments by council and what became of them (created, paid, failed, expired); a payment with bills of ' +
      'several councils counts once for each',
    labelNames: ['council', 'status'] as const,
    registers: [this.registry],
  });

  readonly paymentTransitionsRefused = new Counter({
    name: 'councilpay_payment_transitions_refused_total',
    help: 'Events a payment could not take in its state (the state table refused them), by event',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });

  readonly gatewayDuration = new Histogram({
    name: 'councilpay_gateway_request_duration_seconds',
    help: 'Calls to the payment gateways (enquiries, bank lists), by gateway, call and outcome',
    labelNames: ['gateway', 'call', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly callbacksRefused = new Counter({
    name: 'councilpay_gateway_callbacks_refused_total',
    help: 'Gateway callbacks refused (bad signature, malformed, unknown payment), by gateway and reason',
    labelNames: ['gateway', 'reason'] as const,
    registers: [this.registry],
  });

  readonly notificationAttemptsFailed = new Counter({
    name: 'councilpay_notification_attempts_failed_total',
    help: 'Attempts to send a message to a payer that failed (each is tried again), by channel',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // CPU, memory, event loop lag, handles (their observers run for the life of the process: only when served).
    if (config.metricsPort !== null) collectDefaultMetrics({ register: this.registry, prefix: 'councilpay_' });
    this.registry.setDefaultLabels({ redis_prefix: config.redisPrefix });
  }

  /** Times a gateway call, labelling it with how it ended. */
  async gatewayCall<T>(gateway: string, call: string, work: () => Promise<T>): Promise<T> {
    const end = this.gatewayDuration.startTimer({ gateway, call });
    try {
      const result = await work();
      end({ outcome: 'answered' });
      return result;
    } catch (error) {
      end({ outcome: /timeout|aborted/i.test((error as Error).message) ? 'timeout' : 'error' });
      throw error;
    }
  }
}
