import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { expect, inject } from 'vitest';
import { CommandBus } from '@nestjs/cqrs';
import {
  refundsReservedSen,
  type AdminRecordRefundResult,
  type CreatePaymentRequest,
  type CreatePaymentResponse,
  type PaymentDto,
  type RefundState,
} from '@councilpay/domain';
import { buildAuthorisationConfirmation, verifyAuthorisationRequest, type GatewayFields } from '@councilpay/fpx';
import type { PayableType } from '../src/generated/prisma/client';
import { RecordPaymentRefundCommand } from '../src/payments/commands/record-payment-refund/record-payment-refund.command';
import { PrismaService } from '../src/prisma/prisma.service';
import { lane } from './lane';

/** A payable of its own for one test, so tests never share balances. */
export async function makePayable(
  app: INestApplication,
  data: {
    type?: PayableType;
    balanceSen: number;
    minimumPaymentSen?: number;
    council?: string;
    details?: Record<string, string | number>;
  },
) {
  const prisma = app.get(PrismaService);
  const accountNo = `T${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
  return prisma.payable.create({
    data: {
      councilCode: data.council ?? 'mdpg',
      type: data.type ?? 'compound',
      accountNo,
      displayNo: accountNo,
      ownerName: 'PEMBAYAR UJIAN',
      balanceSen: data.balanceSen,
      minimumPaymentSen: data.minimumPaymentSen ?? null,
      details: data.details ?? { compoundType: 'individual' },
    },
  });
}

export const FPX_BANK = 'MB2U0227';

export function fpxRequest(payableIds: string[], extra: Partial<CreatePaymentRequest> = {}): CreatePaymentRequest {
  return {
    items: payableIds.map((payableId) => ({ payableId })),
    payer: { name: 'Aminah binti Sapin', email: 'aminah.sapin@example.my', phone: '012 345 6789' },
    method: { type: 'fpx', bankId: FPX_BANK },
    language: 'ms',
    ...extra,
  };
}

export function cardRequest(
  payableIds: string[],
  cardMethod: '48' | '49' = '48',
  cardBank = 'MAYBANK',
): CreatePaymentRequest {
  return { ...fpxRequest(payableIds), method: { type: 'card', cardMethod, cardBank } };
}

export async function createPayment(
  app: INestApplication,
  body: CreatePaymentRequest,
  expected = 201,
): Promise<CreatePaymentResponse> {
  const res = await request(app.getHttpServer()).post('/api/payments').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(expected);
  return res.body as CreatePaymentResponse;
}

export async function getPayment(app: INestApplication, reference: string): Promise<PaymentDto> {
  const res = await request(app.getHttpServer()).get(`/api/payments/${reference}`).expect(200);
  return res.body as PaymentDto;
}

/** What a payer's browser does with the signed form: post it to the gateway. Returns the gateway's page. */
export async function postToGateway(
  redirect: CreatePaymentResponse['redirect'],
): Promise<{ status: number; html: string }> {
  if (!redirect) throw new Error('no gateway form to post');
  const res = await fetch(redirect.action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(redirect.fields).toString(),
  });
  return { status: res.status, html: await res.text() };
}

/** The simulator's control API (what a tester's clicks on the bank page do). */
export async function sim(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(`${lane().simUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

/** Polls the payment until `done` holds (gateway callbacks arrive asynchronously). */
export async function waitForPayment(
  app: INestApplication,
  reference: string,
  done: (p: PaymentDto) => boolean,
  timeoutMs = 90_000,
): Promise<PaymentDto> {
  const deadline = Date.now() + timeoutMs;
  let payment = await getPayment(app, reference);
  while (!done(payment) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    payment = await getPayment(app, reference);
  }
  return payment;
}

/** FPX transaction ids are unique per transaction: two ACs made in the same millisecond must still differ. */
let txnSeq = 0;
export function nextFpxTxnId(): string {
  txnSeq = (txnSeq + 1) % 1000;
  return `${Date.now()}${String(txnSeq).padStart(3, '0')}`;
}

/** An authorisation confirmation signed with the test exchange key, as FPX would send it for this AR. */
export function signedAc(
  redirect: CreatePaymentResponse['redirect'],
  debitAuthCode: string,
  /** A gateway transaction id (a new one by default), or the message's details. */
  given:
    | string
    | { fpxTxnTime?: Date; fpxTxnId?: string; txnCurrency?: string; msgToken?: string; sellerOrderNo?: string } = {},
): GatewayFields {
  if (!redirect) throw new Error('no gateway form to answer');
  const options = typeof given === 'string' ? { fpxTxnId: given } : given;
  const keysDir = inject('devKeysDir');
  const ar = verifyAuthorisationRequest(redirect.fields, readFileSync(join(keysDir, 'seller.pub.pem'), 'utf8'));
  if (!ar.ok) throw new Error(`AR did not verify: ${ar.reason}`);
  return buildAuthorisationConfirmation({
    request: {
      ...ar.message,
      ...(options.txnCurrency ? { txnCurrency: options.txnCurrency } : {}),
      ...(options.msgToken ? { msgToken: options.msgToken } : {}),
      ...(options.sellerOrderNo ? { sellerOrderNo: options.sellerOrderNo } : {}),
    },
    debitAuthCode,
    fpxTxnId: options.fpxTxnId ?? nextFpxTxnId(),
    fpxTxnTime: options.fpxTxnTime ?? new Date(),
    exchangePrivateKeyPem: readFileSync(join(keysDir, 'exchange.key.pem'), 'utf8'),
  });
}

export function postDirectAc(app: INestApplication, fields: Record<string, string>) {
  return request(app.getHttpServer()).post('/api/gateways/fpx/direct').type('form').send(fields);
}

/**
 * Gives back all that is left of every item of a payment in one refund, as the console's "refund everything"
 * does (the bills' credits kept), through the refund command a staff member's request runs.
 */
export async function refundEverything(
  app: INestApplication,
  reference: string,
  staff: { id: string; email: string } = { id: 'staff-1', email: 'staff-1@councilpay.my' },
  reason = 'Dipulangkan sepenuhnya',
): Promise<AdminRecordRefundResult> {
  const payment = await app.get(PrismaService).payment.findUniqueOrThrow({
    where: { reference },
    include: { items: { include: { refundItems: { include: { refund: true } } } } },
  });
  const items = payment.items
    .map((i) => ({
      itemId: i.id,
      amountSen:
        i.amountSen -
        refundsReservedSen(
          i.refundItems.map((r) => ({
            state: r.refund.state as RefundState,
            correctsRefundId: r.refund.correctsRefundId,
            amountSen: r.amountSen,
          })),
        ),
      reverseCredit: false,
    }))
    .filter((i) => i.amountSen > 0);
  const councils = [...new Set(payment.items.map((i) => i.councilCode))].sort();
  return app.get(CommandBus).execute(new RecordPaymentRefundCommand(reference, staff, { reason, items }, councils));
}
