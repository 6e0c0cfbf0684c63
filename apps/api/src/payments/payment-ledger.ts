import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  isFinal,
  languageOrDefault,
  SLOW_REQUERY_STATES,
  transition,
  type PaymentEvent as DomainEvent,
  type PaymentEventSource,
  type PaymentEventType,
  type PaymentState,
  type TransitionResult,
  nextSlowRequeryAt,
} from '@councilpay/domain';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import type { Prisma } from '../generated/prisma/client';
import { queueNotification } from '../notifications/queue-notification';
import { Metrics } from '../metrics/metrics';
import { PrismaService } from '../prisma/prisma.service';
import { creditPayment, type CreditOutcome } from './crediting';
import { lockPayment, type LockedPayment } from './locked-payment';
import { recordPaidEvents } from './payment-council-events';
import { timelineAnswer, type GatewayAnswer } from './gateways/payment-gateway';

export type Tx = Prisma.TransactionClient;

/** Where a fact about a payment came from; kept on every event of its timeline. */
export type EventSource = PaymentEventSource;

export interface LedgerResult {
  reference: string;
  outcome: TransitionResult['kind'] | 'not_found';
  from: PaymentState | null;
  to: PaymentState | null;
  reason?: string;
  /** The payment's method (fpx, card); absent when no payment was found. */
  method?: string;
  /** The councils of its bills, when it moved to an outcome counted per council (paid, failed, expired). */
  councils?: string[];
}

/** The outcomes counted per council in the metrics. */
const COUNCIL_COUNTED: readonly PaymentState[] = ['paid', 'failed', 'expired'];

/** What comes with an event: the gateway's answer, a note, more timeline data, writes that belong with it. */
export interface LedgerFacts {
  answer?: GatewayAnswer;
  note?: string;
  /** Added to the timeline event's data. */
  data?: Prisma.InputJsonObject;
  /**
   * Runs inside the ledger's transaction, after its writes: what it writes commits with them or not at all. It is
   * given the payment as the ledger locked it (before this change; null when there is none), so it needs
   * neither to read nor to lock it again.
   */
  within?: (tx: Tx, result: LedgerResult, payment: LockedPayment | null) => Promise<unknown>;
}

/** Outcomes the payer is told of by email (a payer who cancelled knows already; a refund is told by staff). */
const NOTIFIED_OUTCOMES = { paid: 'payment_paid', failed: 'payment_failed', expired: 'payment_expired' } as const;

/** Generous: 50 answers for one payment queue on its row lock. */
const TX_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

export function eventForAnswer(answer: GatewayAnswer): DomainEvent | null {
  switch (answer.outcome) {
    case 'approved':
      return 'gateway_approved';
    case 'pending':
      return 'gateway_pending';
    case 'rejected':
      return 'gateway_rejected';
    case 'unknown':
      return null;
  }
}

/**
 * The only writer of a payment's status. Every change runs in one transaction that locks the payment row
 * (SELECT ... FOR UPDATE), asks the state table of libs/domain what the event does, and records the result
 * on the append-only timeline: a move (with crediting, receipts and outbox rows when paid), a duplicate that
 * changes nothing, or a refused transition. Answers that arrive twice, late or out of order therefore change
 * the state at most once.
 */
@Injectable()
export class PaymentLedger {
  private readonly logger = new Logger(PaymentLedger.name);

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  /** Applies a domain event to the payment with this reference, in a transaction of its own. */
  async apply(
    where: { reference: string } | { invoiceNo: string },
    event: DomainEvent,
    source: EventSource,
    facts: LedgerFacts = {},
  ): Promise<LedgerResult> {
    const result = await this.prisma.$transaction((tx) => this.applyIn(tx, where, event, source, facts), TX_OPTIONS);
    this.report(result, event, source);
    return result;
  }

  /**
   * Applies a domain event inside the caller's transaction (which then owns the payment's row lock until it
   * commits). The caller logs the result with `report` once it has committed.
   */
  async applyIn(
    tx: Tx,
    where: { reference: string } | { invoiceNo: string },
    event: DomainEvent,
    source: EventSource,
    facts: LedgerFacts = {},
  ): Promise<LedgerResult> {
    const now = new Date();
    const payment = await this.lock(tx, where);
    if (!payment) {
      const result: LedgerResult = {
        reference: 'reference' in where ? where.reference : where.invoiceNo,
        outcome: 'not_found',
        from: null,
        to: null,
      };
      await facts.within?.(tx, result, null);
      return result;
    }
    const decision = transition(payment.status, event);
    const data = {
      event,
      ...(facts.answer ? { answer: timelineAnswer(facts.answer) } : {}),
      ...(facts.note ? { note: facts.note } : {}),
      ...facts.data,
    };
    let result: LedgerResult;
    if (decision.kind !== 'move') {
      await tx.paymentEvent.create({
        data: {
          paymentId: payment.id,
          type: decision.kind === 'noop' ? 'answer_repeated' : 'transition_refused',
          fromStatus: payment.status,
          toStatus: payment.status,
          source,
          data: { ...data, reason: decision.reason },
        },
      });
      result = {
        reference: payment.reference,
        outcome: decision.kind,
        from: payment.status,
        to: payment.status,
        reason: decision.reason,
        method: payment.method,
      };
    } else {
      await this.move(tx, payment, decision.to, decision.late, source, data, facts.answer, now);
      const councils = COUNCIL_COUNTED.includes(decision.to) ? payment.councils : undefined;
      result = {
        reference: payment.reference,
        outcome: 'move',
        from: payment.status,
        to: decision.to,
        method: payment.method,
        ...(councils ? { councils } : {}),
      };
    }
    // Whatever else belongs to this change (the gateway's answer row ...) commits with it or not at all.
    await facts.within?.(tx, result, payment);
    return result;
  }

  /** Logs what applying an event did (after its transaction committed). */
  report(result: LedgerResult, event: DomainEvent, source: EventSource): void {
    if (result.outcome === 'move' && result.from && result.to) {
      this.metrics.paymentStatusChanges.inc({ to: result.to, method: result.method ?? 'unknown', source });
      for (const council of result.councils ?? []) this.metrics.councilPayments.inc({ council, status: result.to });
      this.logger.log(
        { reference: result.reference, from: result.from, to: result.to, source },
        'Payment status changed',
      );
    } else if (result.outcome === 'refused') {
      this.metrics.paymentTransitionsRefused.inc({ event });
      this.logger.warn(
        { reference: result.reference, status: result.from, event, source, reason: result.reason },
        'Payment transition refused',
      );
    }
  }

  /**
   * Applies what a gateway said; an answer that says nothing (transaction unknown to it) is only recorded.
   * `within` runs in the same transaction, after the ledger's writes (the answer's own row).
   */
  async applyAnswer(
    where: { reference: string } | { invoiceNo: string },
    answer: GatewayAnswer,
    source: EventSource,
    within?: LedgerFacts['within'],
  ): Promise<LedgerResult> {
    const event = eventForAnswer(answer);
    if (event) return this.apply(where, event, source, { answer, within });
    return this.prisma.$transaction(async (tx) => {
      const payment = await this.lock(tx, where);
      await tx.paymentEvent.create({
        data: {
          paymentId: payment?.id ?? null,
          type: 'gateway_unknown',
          source,
          data: { answer: timelineAnswer(answer) },
        },
      });
      const result: LedgerResult = {
        reference: payment?.reference ?? '',
        outcome: 'noop',
        from: payment?.status ?? null,
        to: payment?.status ?? null,
        reason: 'unknown_to_gateway',
      };
      await within?.(tx, result, payment);
      return result;
    }, TX_OPTIONS);
  }

  /** Appends a fact to a payment's timeline without touching its state (bad callbacks, failed requeries ...). */
  async record(
    where: { reference: string } | { invoiceNo: string } | { id: null },
    type: PaymentEventType,
    source: EventSource,
    data: Prisma.InputJsonObject,
  ): Promise<void> {
    const payment = 'id' in where ? null : await this.prisma.payment.findFirst({ where, select: { id: true } });
    await this.prisma.paymentEvent.create({ data: { paymentId: payment?.id ?? null, type, source, data } });
  }

  private lock(tx: Tx, where: { reference: string } | { invoiceNo: string }): Promise<LockedPayment | null> {
    return lockPayment(tx, where);
  }

  private async move(
    tx: Tx,
    payment: LockedPayment,
    to: PaymentState,
    late: boolean,
    source: EventSource,
    data: Prisma.InputJsonObject,
    answer: GatewayAnswer | undefined,
    now: Date,
  ): Promise<void> {
    const final = isFinal(to);
    // A refunded payment paid again (its refund corrected) was credited and told when it was first paid: its
    // bills' credits are the correction's to re-apply, and its paidAt stays.
    const restored = payment.status === 'refunded' && to === 'paid';
    // Ended without an approval: the bank is still asked, daily, in case it took the money after all.
    const slow = (SLOW_REQUERY_STATES as readonly PaymentState[]).includes(to);
    const nextRequery = slow ? nextSlowRequeryAt(now, now, this.config.requery.timeScale) : null;
    let refundDueSen = 0;
    let credit: CreditOutcome | null = null;
    await tx.paymentEvent.create({
      data: {
        paymentId: payment.id,
        type: late ? 'paid_late' : 'status_changed',
        fromStatus: payment.status,
        toStatus: to,
        source,
        data,
      },
    });
    if (to === 'paid' && !restored) {
      credit = await creditPayment(tx, payment.id, now);
      if (credit.credited.length > 0) {
        await tx.paymentEvent.create({
          data: { paymentId: payment.id, type: 'credited', source: 'system', data: { items: credit.credited } },
        });
      }
      if (credit.refused.length > 0) {
        const dueSen = credit.refused.reduce((sum, r) => sum + r.amountSen, 0);
        refundDueSen += dueSen;
        await tx.paymentEvent.create({
          data: {
            paymentId: payment.id,
            type: 'credit_refused',
            source: 'system',
            data: { reason: 'bill_already_settled', refundDueSen: dueSen, items: credit.refused },
          },
        });
      }
      if (credit.short.length > 0) {
        // Part of an item found nothing to settle (the bill was reduced after pricing): owed back, like a refusal.
        const dueSen = credit.short.reduce((sum, r) => sum + r.uncreditedSen, 0);
        refundDueSen += dueSen;
        await tx.paymentEvent.create({
          data: {
            paymentId: payment.id,
            type: 'credit_short',
            source: 'system',
            data: { reason: 'bill_reduced_after_pricing', refundDueSen: dueSen, items: credit.short },
          },
        });
        this.logger.warn(
          { reference: payment.reference, refundDueSen: dueSen, items: credit.short },
          'Part of a payment could not be credited: the bill was reduced after pricing; refund due',
        );
      }
    }
    await tx.payment.update({
      where: { id: payment.id },
      data: {
        status: to,
        version: { increment: 1 },
        ...(late ? { late: true } : {}),
        // Set once, when it becomes paid; a refund moves finalAt, never this.
        ...(to === 'paid' && !restored ? { paidAt: now } : {}),
        ...(final ? { finalAt: now, nextRequeryAt: nextRequery } : {}),
        ...(refundDueSen > 0 ? { refundDueSen } : {}),
        ...(answer
          ? {
              gatewayCode: answer.code,
              gatewayReason: answer.reason.slice(0, 300),
              gatewayTxnId: answer.gatewayTxnId ?? undefined,
            }
          : {}),
      },
    });
    // The councils' systems learn of it with the payment: their events commit with the credit or not at all.
    if (credit) await recordPaidEvents(tx, payment, credit, late, now, answer?.gatewayTxnId || payment.gatewayTxnId);
    if ((to === 'paid' && !restored) || to === 'failed' || to === 'expired') {
      await queueNotification(tx, {
        channel: 'email',
        recipient: payment.payerEmail,
        template: NOTIFIED_OUTCOMES[to],
        language: languageOrDefault(payment.language),
        data: { reference: payment.reference },
        dedupeKey: `payment-${payment.reference}-${to}-email`,
        paymentId: payment.id,
      });
    }
  }
}
