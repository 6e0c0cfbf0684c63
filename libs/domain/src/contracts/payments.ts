import type { Language } from '../language';
import type { PayableType } from '../payable-types';
import type { PaymentState } from '../payment-state';

/** One line of a checkout: a payable found by search, and what the payer chose for it. */
export interface PaymentItemRequest {
  payableId: string;
  /** Required where the payer chooses the amount (a payable with a minimum payment); otherwise the server computes it. */
  amountSen?: number;
  /** Assessment only: selection 1-4 (spec section 4). */
  selection?: number;
  /** Local government charge only: the charge form (spec section 3). */
  charge?: LocalGovernmentChargeRequest;
}

export interface LocalGovernmentChargeRequest {
  customerName: string;
  totalNoOfPeople: number;
  startDate: string;
  endDate: string;
}

export interface PayerRequest {
  name: string;
  email: string;
  phone: string;
}

export type PaymentMethodRequest = { type: 'fpx'; bankId: string } | { type: 'card'; cardMethod: '48' | '49' };

/** POST /api/payments body. Send an `Idempotency-Key` header so a retried request makes one payment. */
export interface CreatePaymentRequest {
  items: PaymentItemRequest[];
  payer: PayerRequest;
  method: PaymentMethodRequest;
  language?: Language;
  /**
   * The payer saw that an earlier payment for the same bills is still waiting for its bank and chose to pay
   * again anyway.
   */
  confirmRetry?: boolean;
}

/** The form the browser posts to the gateway, in the same window. */
export interface GatewayRedirectDto {
  action: string;
  method: 'POST';
  fields: Record<string, string>;
}

export interface CreatePaymentResponse {
  reference: string;
  invoiceNo: string;
  status: PaymentState;
  amountSen: number;
  redirect: GatewayRedirectDto;
}

export interface PaymentItemDto {
  council: string;
  type: PayableType;
  accountNo: string;
  displayNo: string;
  amountSen: number;
  selection: number | null;
  receiptNo: string | null;
  credited: boolean;
}

export interface PaymentEventDto {
  type: string;
  fromStatus: PaymentState | null;
  toStatus: PaymentState | null;
  source: string;
  at: string;
  /** A short reason (the bank's text for a rejection, why a transition was refused ...). */
  reason: string | null;
}

/** GET /api/payments/:reference. */
export interface PaymentDto {
  reference: string;
  invoiceNo: string;
  status: PaymentState;
  late: boolean;
  method: 'fpx' | 'card';
  bankId: string | null;
  cardMethod: string | null;
  amountSen: number;
  refundDueSen: number;
  payerName: string;
  /** Masked: the reference alone is enough to see a payment, so contact details are not shown whole. */
  payerEmail: string;
  gatewayCode: string | null;
  gatewayReason: string | null;
  createdAt: string;
  finalAt: string | null;
  items: PaymentItemDto[];
  events: PaymentEventDto[];
}

/** GET /api/banks: FPX banks in display order; offline ones are shown and cannot be chosen. */
export interface BankDto {
  id: string;
  name: string;
  online: boolean;
}

export interface BankListDto {
  banks: BankDto[];
  /** When FPX gave this list (ISO time). */
  asOf: string;
}
