import { Injectable, Logger } from '@nestjs/common';
import type { GatewayAnswerVerdict } from '@councilpay/domain';
import { parseAmountToSen, type GatewayFieldsInput } from '@councilpay/fpx';
import type { Prisma } from '../../generated/prisma/client';
import { PrismaService } from '../../prisma/prisma.service';
import type { AnswerChannel, GatewayAnswer } from '../gateways/payment-gateway';
import { lockPayment, type LockedPayment } from '../locked-payment';
import { formText } from '../gateways/payment-gateway';
import type { EventSource, LedgerResult, Tx } from '../payment-ledger';

/** Control characters, dropped from unverified text before it is stored (PostgreSQL cannot store NUL). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** What was made of an answer. */
export type AnswerVerdict = GatewayAnswerVerdict;

/** The route an answer arrived on, from its method and the source the engine records. */
export function channelOf(method: 'fpx' | 'card', source: EventSource, answer?: GatewayAnswer): AnswerChannel {
  if (answer?.facts?.channel) return answer.facts.channel;
  if (source === 'callback') return method === 'fpx' ? 'direct' : 'card-callback';
  if (source === 'browser') return method === 'fpx' ? 'browser' : 'card-browser';
  return 'enquiry';
}

function verdictOf(result: LedgerResult | null | 'recorded'): AnswerVerdict {
  if (result === 'recorded') return 'recorded';
  if (!result) return 'error';
  if (result.outcome === 'move') return 'applied';
  if (result.outcome === 'not_found') return 'not_found';
  if (result.outcome === 'refused') return 'refused';
  return result.reason === 'unknown_to_gateway' ? 'unknown' : 'duplicate';
}

/**
 * Every gateway answer, as its own row: direct and browser ACs, card callbacks and returns, enquiry answers,
 * and messages that did not verify. A second approval of a paid payment under another gateway transaction id
 * is a second charge: it is recorded as a duplicate charge with its amount owed back (the same id again is
 * only a repeat).
 */
@Injectable()
export class GatewayAnswerBook {
  private readonly logger = new Logger(GatewayAnswerBook.name);

  constructor(private readonly prisma: PrismaService) {}

  /**
   * Records a verified answer that nothing applies (a browser's copy), or one whose applying failed (`null`):
   * in a transaction of its own, under the payment's row lock.
   */
  async record(
    invoiceNo: string,
    answer: GatewayAnswer,
    source: EventSource,
    result: LedgerResult | null | 'recorded',
  ): Promise<AnswerVerdict> {
    return this.prisma.$transaction((tx) => this.recordIn(tx, invoiceNo, answer, source, result));
  }

  /**
   * Records a verified answer and what the ledger made of it, inside the caller's transaction: the ledger
   * calls this in the transaction that applies the answer, so the state change and its answer row are
   * written together or not at all. `locked` is the payment as the caller's transaction locked it (before the
   * change); without it the payment is locked here, which orders this with the ledger and with other answers of
   * the same payment.
   */
  async recordIn(
    tx: Tx,
    invoiceNo: string,
    answer: GatewayAnswer,
    source: EventSource,
    result: LedgerResult | null | 'recorded',
    locked?: LockedPayment | null,
  ): Promise<AnswerVerdict> {
    const facts = answer.facts;
    const payment = locked !== undefined ? locked : await lockPayment(tx, { invoiceNo });
    let verdict = verdictOf(result);
    let refundDueSen = 0;
    const txnId = answer.gatewayTxnId || null;
    if (
      payment &&
      answer.outcome === 'approved' &&
      verdict === 'duplicate' &&
      (payment.status === 'paid' || payment.status === 'refunded') &&
      txnId &&
      txnId !== payment.gatewayTxnId
    ) {
      const seen = await tx.gatewayAnswer.count({
        where: { paymentId: payment.id, gatewayTxnId: txnId, verdict: { in: ['applied', 'duplicate_charge'] } },
      });
      if (seen === 0) {
        verdict = 'duplicate_charge';
        refundDueSen = facts?.amountSen ?? payment.amountSen;
        await tx.paymentEvent.create({
          data: {
            paymentId: payment.id,
            type: 'duplicate_charge',
            fromStatus: payment.status,
            toStatus: payment.status,
            source,
            data: { gatewayTxnId: txnId, firstGatewayTxnId: payment.gatewayTxnId, refundDueSen },
          },
        });
        this.logger.warn(
          {
            reference: payment.reference,
            gatewayTxnId: txnId,
            firstGatewayTxnId: payment.gatewayTxnId,
            refundDueSen,
          },
          'Duplicate charge: a second approval under another gateway transaction id',
        );
      }
    }
    const method = facts?.method ?? (payment?.method as 'fpx' | 'card' | undefined) ?? 'fpx';
    await tx.gatewayAnswer.create({
      data: {
        paymentId: payment?.id ?? null,
        invoiceNo: invoiceNo.slice(0, 40),
        source: channelOf(method, source, answer),
        method,
        outcome: answer.outcome,
        rawMessage: facts?.raw ?? '',
        responseCode: answer.code.slice(0, 40),
        amountSen: facts?.amountSen ?? null,
        currency: facts?.currency ?? null,
        gatewayTxnId: txnId,
        gatewayTxnTime: facts?.gatewayTxnTime ?? null,
        debitAuthNo: facts?.debitAuthNo ?? null,
        creditAuthCode: facts?.creditAuthCode ?? null,
        creditAuthNo: facts?.creditAuthNo ?? null,
        authCode: facts?.authCode ?? null,
        verdict,
        refundDueSen,
      },
    });
    return verdict;
  }

  /** Records a message that did not verify (bad signature, unknown payment ...): kept as received, unapplied. */
  async recordInvalid(
    method: 'fpx' | 'card',
    invoiceNo: string,
    paymentId: string | null,
    fields: GatewayFieldsInput,
    source: EventSource,
    code: string,
  ): Promise<void> {
    const text = (name: string) => {
      const value = fields[name];
      // Unverified text: control characters (NUL cannot be stored) are dropped, the length is bounded.
      const clean = typeof value === 'string' ? value.replace(CONTROL, '').trim() : '';
      return clean ? clean.slice(0, 80) : null;
    };
    const claimed =
      method === 'fpx'
        ? { code: text('fpx_debitAuthCode'), txnId: text('fpx_fpxTxnId'), amount: text('fpx_txnAmount') }
        : { code: text('status'), txnId: text('transId'), amount: text('amount') };
    // Integer sen by the gateways' own amount rule (no floating point); what does not parse is kept as null.
    const amountSen = claimed.amount ? parseAmountToSen(claimed.amount) : null;
    const data: Prisma.GatewayAnswerUncheckedCreateInput = {
      paymentId,
      invoiceNo: invoiceNo.replace(CONTROL, '').slice(0, 40),
      source: channelOf(method, source),
      method,
      outcome: 'invalid',
      rawMessage: formText(fields).slice(0, 20_000),
      responseCode: (claimed.code ?? code).slice(0, 40),
      amountSen,
      currency: text(method === 'fpx' ? 'fpx_txnCurrency' : 'currency'),
      gatewayTxnId: claimed.txnId,
      gatewayTxnTime: method === 'fpx' ? text('fpx_fpxTxnTime') : null,
      verdict: 'invalid',
    };
    await this.prisma.gatewayAnswer.create({ data });
  }
}
