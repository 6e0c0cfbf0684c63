import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  isFinal,
  isLanguage,
  SLOW_REQUERY_STATES,
  transition,
  type PaymentEvent as DomainEvent,
  type PaymentState,
  type TransitionResult,
} from '@councilpay/domain';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import type { Prisma } from '../generated/prisma/client';
import { queueNotification } from '../notifications/queue-notification';
import { PrismaService } from '../prisma/prisma.service';
import { nextSlowRequeryAt } from '../requery/requery-schedule';
import { creditPayment } from './crediting';
import { timelineAnswer, type GatewayAnswer } from './gateways/payment-gateway';

export type Tx = Prisma.TransactionClient;

/** Work that must commit with the ledger's change or not at all (the record of the answer that made it). */
export type WithinLedger = (tx: Tx, result: LedgerResult) => Promise<unknown>;

/** Where a fact about a payment came from; kept on every event of its timeline. */
export type EventSource = 'browser' | 'callback' | 'requery' | 'payer' | 'admin' | 'system';

export interface LedgerResult {
  reference: string;
  outcome: TransitionResult['kind'] | 'not_found';
  from: PaymentState | null;
  to: PaymentState | null;
  reason?: string;
}

interface LockedPayment {
  id: string;
  reference: string;
  status: PaymentState;
  payerEmail: string;
  language: string;
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
  ) {}

  /** Applies a domain event to the payment with this reference. */
  async apply(
    where: { reference: string } | { invoiceNo: string },
    event: DomainEvent,
    source: EventSource,
    facts: { answer?: GatewayAnswer; note?: string } = {},
    within?: WithinLedger,
  ): Promise<LedgerResult> {
    const now = new Date();
    const result = await this.prisma.$transaction(async (tx) => {
      const applied = await this.applyIn(tx, where, event, source, facts, now);
      if (within) await within(tx, applied);
      return applied;
    }, TX_OPTIONS);

    if (result.outcome === 'move' && result.from && result.to) {
      this.logger.log(
        { reference: result.reference, from: result.from, to: result.to, source },
        'Payment status changed',
      );
    } else if (result.outcome === 'refused') {
      this.logger.warn(
        { reference: result.reference, status: result.from, event, source, reason: result.reason },
        'Payment transition refused',
      );
    }
    return result;
  }

  private async applyIn(
    tx: Tx,
    where: { reference: string } | { invoiceNo: string },
    event: DomainEvent,
    source: EventSource,
    facts: { answer?: GatewayAnswer; note?: string },
    now: Date,
  ): Promise<LedgerResult> {
    const payment = await this.lock(tx, where);
    if (!payment)
      return {
        reference: 'reference' in where ? where.reference : where.invoiceNo,
        outcome: 'not_found' as const,
        from: null,
        to: null,
      };
    const decision = transition(payment.status, event);
    const data = {
      event,
      ...(facts.answer ? { answer: timelineAnswer(facts.answer) } : {}),
      ...(facts.note ? { note: facts.note } : {}),
    };
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
      return {
        reference: payment.reference,
        outcome: decision.kind,
        from: payment.status,
        to: payment.status,
        reason: decision.reason,
      };
    }
    await this.move(tx, payment, decision.to, decision.late, source, data, facts.answer, now);
    return { reference: payment.reference, outcome: 'move' as const, from: payment.status, to: decision.to };
  }

  /** Applies what a gateway said; an answer that says nothing (transaction unknown to it) is only recorded. */
  async applyAnswer(
    where: { reference: string } | { invoiceNo: string },
    answer: GatewayAnswer,
    source: EventSource,
    within?: WithinLedger,
  ): Promise<LedgerResult> {
    const event = eventForAnswer(answer);
    if (event) return this.apply(where, event, source, { answer }, within);
    await this.record(where, 'gateway_unknown', source, { answer: timelineAnswer(answer) });
    const payment = await this.prisma.payment.findFirst({ where, select: { reference: true, status: true } });
    const result: LedgerResult = {
      reference: payment?.reference ?? '',
      outcome: 'noop',
      from: payment?.status ?? null,
      to: payment?.status ?? null,
      reason: 'unknown_to_gateway',
    };
    if (within) await this.prisma.$transaction((tx) => within(tx, result), TX_OPTIONS);
    return result;
  }

  /** Appends a fact to a payment's timeline without touching its state (bad callbacks, failed requeries ...). */
  async record(
    where: { reference: string } | { invoiceNo: string } | { id: null },
    type: string,
    source: EventSource,
    data: Prisma.InputJsonObject,
  ): Promise<void> {
    const payment = 'id' in where ? null : await this.prisma.payment.findFirst({ where, select: { id: true } });
    await this.prisma.paymentEvent.create({ data: { paymentId: payment?.id ?? null, type, source, data } });
  }

  private async lock(tx: Tx, where: { reference: string } | { invoiceNo: string }): Promise<LockedPayment | null> {
    const rows =
      'reference' in where
        ? await tx.$queryRaw<
            LockedPayment[]
          >`SELECT "id", "reference", "status"::text AS "status", "payerEmail", "language" FROM "Payment" WHERE "reference" = ${where.reference} FOR UPDATE`
        : await tx.$queryRaw<
            LockedPayment[]
          >`SELECT "id", "reference", "status"::text AS "status", "payerEmail", "language" FROM "Payment" WHERE "invoiceNo" = ${where.invoiceNo} FOR UPDATE`;
    return rows[0] ?? null;
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
    // Ended without an approval: the bank is still asked, daily, in case it took the money after all.
    const slow = (SLOW_REQUERY_STATES as readonly PaymentState[]).includes(to);
    const nextRequery = slow ? nextSlowRequeryAt(now, now, this.config.notifications.requeryTimeScale) : null;
    let refundDueSen = 0;
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
    if (to === 'paid') {
      const credit = await creditPayment(tx, payment.id, now);
      if (credit.credited.length > 0) {
        await tx.paymentEvent.create({
          data: { paymentId: payment.id, type: 'credited', source: 'system', data: { items: credit.credited } },
        });
      }
      if (credit.refused.length > 0) {
        refundDueSen = credit.refused.reduce((sum, r) => sum + r.amountSen, 0);
        await tx.paymentEvent.create({
          data: {
            paymentId: payment.id,
            type: 'credit_refused',
            source: 'system',
            data: { reason: 'bill_already_settled', refundDueSen, items: credit.refused },
          },
        });
      }
    }
    await tx.payment.update({
      where: { id: payment.id },
      data: {
        status: to,
        version: { increment: 1 },
        ...(late ? { late: true } : {}),
        // Set once, when it becomes paid; a refund moves finalAt, never this.
        ...(to === 'paid' ? { paidAt: now } : {}),
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
    if (to === 'paid' || to === 'failed' || to === 'expired') {
      await queueNotification(tx, {
        channel: 'email',
        recipient: payment.payerEmail,
        template: NOTIFIED_OUTCOMES[to],
        language: isLanguage(payment.language) ? payment.language : 'ms',
        data: { reference: payment.reference },
        dedupeKey: `payment-${payment.reference}-${to}-email`,
        paymentId: payment.id,
      });
    }
  }
}
