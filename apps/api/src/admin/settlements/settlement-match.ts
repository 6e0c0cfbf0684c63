import type { PaymentState, SettlementResult } from '@councilpay/domain';
import type { SettlementFileLine } from './settlement-file';

/** Our payment as a settlement line is checked against it. */
export interface SettledPayment {
  status: PaymentState;
  amountSen: number;
  gatewayTxnId: string | null;
  /** Malaysian days (YYYY-MM-DD) it was made and paid (null: not paid). */
  createdDay: string;
  paidDay: string | null;
}

/**
 * What a line is against our payment of its order no. Both must agree on whether the money was taken; when
 * both say it was, on the amount, the gateway's transaction id and the day (a day from the one the payment was
 * made to the one we learnt it was paid: a bank may settle before its answer reaches us, never before the
 * payment existed nor after we had it). Both saying "not taken" agree.
 */
export function settlementResultOf(line: SettlementFileLine, payment: SettledPayment | undefined): SettlementResult {
  if (!payment) return 'unknown_order';
  const ours = payment.status === 'paid' || payment.status === 'refunded';
  if (line.bankApproved && !ours) return 'approved_not_ours';
  if (!line.bankApproved && ours) return 'not_approved_by_bank';
  if (!line.bankApproved) return 'matched';
  if (line.amountSen !== payment.amountSen) return 'amount_differs';
  if (payment.gatewayTxnId !== null && line.txnId !== payment.gatewayTxnId) return 'txn_id_differs';
  if (line.date < payment.createdDay || (payment.paidDay !== null && line.date > payment.paidDay)) {
    return 'date_differs';
  }
  return 'matched';
}
