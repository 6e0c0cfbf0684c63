import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { createHash, randomBytes } from 'node:crypto';
import {
  isCardBank,
  checkCardAmount,
  checkFpxAmount,
  formatInvoiceNo,
  isSharedPayable,
  OPEN_PAYMENT_STATES as OPEN_STATES,
  WITHDRAWN_STATUS,
  type CreatePaymentResponse,
  DEFAULT_LANGUAGE,
  type BankListDto,
  requeryDelayMs,
} from '@councilpay/domain';
import { FPX_BANKS } from '@councilpay/fpx';
import { Prisma } from '../../../generated/prisma/client';
import { ListBanksQuery } from '../../../banks/queries/list-banks/list-banks.query';
import { AppConfig } from '../../../config/config';
import { Metrics } from '../../../metrics/metrics';
import { APP_CONFIG } from '../../../config/config.module';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { newPaymentToken } from '../../capability';
import { Gateways } from '../../gateways/gateways';
import type { GatewayPayment } from '../../gateways/payment-gateway';
import { BILL_WITHDRAWN_MESSAGE, priceItem, type PayableWithCouncil } from '../../pricing';
import { lockBills } from '../../../bills/bill-lock';
import { RequeryPaymentCommand } from '../requery-payment/requery-payment.command';
import { CreatePaymentCommand } from './create-payment.command';
import type { CreatePaymentRequestDto } from './create-payment.request.dto';

const FPX_BANK_IDS = new Set(FPX_BANKS.map((b) => b.id));
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 'CP' and 20 characters from 32: 100 random bits, unguessable, unambiguous when read aloud. */
export function newReference(): string {
  const bytes = randomBytes(20);
  return `CP${Array.from(bytes, (b) => REFERENCE_ALPHABET[b % 32]).join('')}`;
}

/** JSON with sorted keys, so the same request hashes the same whatever order its fields came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** An open or paid payment for the bills being paid, and whose it is. */
interface EarlierPayment {
  reference: string;
  userId: string | null;
}

/**
 * The references of earlier payments that a refusal may show the caller: only the caller's own (made signed
 * in to the same account). Holding a reference opens that payment's status and receipt, so another payer's is
 * never shown: the caller is told only that a payment by someone else is waiting (or went through).
 */
export function ownReferences(earlier: readonly EarlierPayment[], userId: string | null): string[] {
  return userId === null ? [] : earlier.filter((p) => p.userId === userId).map((p) => p.reference);
}

/** The details of a `payment_pending` refusal: the caller's own references, and whether others' wait too. */
function pendingDetails(earlier: readonly EarlierPayment[], userId: string | null): Record<string, unknown> {
  const references = ownReferences(earlier, userId);
  return { references, othersWaiting: references.length < earlier.length };
}

export function requestHash(request: CreatePaymentRequestDto): string {
  return createHash('sha256').update(canonical(request)).digest('hex');
}

/**
 * Creates a payment `in_progress` from a cart: every line priced by the server from the payable as it is
 * now, the gateway's limits checked, earlier unfinished payments for the same bills asked of their gateway
 * first, and the signed form for the browser returned. Nothing signs an amount the server did not compute.
 */
const CREATE_TX_OPTIONS = { maxWait: 10_000, timeout: 30_000 };

@CommandHandler(CreatePaymentCommand)
export class CreatePaymentHandler implements ICommandHandler<CreatePaymentCommand, CreatePaymentResponse> {
  private readonly logger = new Logger(CreatePaymentHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly gateways: Gateways,
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  async execute({ request, idempotencyKey, userId }: CreatePaymentCommand): Promise<CreatePaymentResponse> {
    const hash = requestHash(request);
    if (idempotencyKey) {
      const earlier = await this.replay(idempotencyKey, hash);
      if (earlier) return earlier;
    }
    await this.checkServiceOpen();
    const method = request.method;
    if (method.type === 'fpx' && !FPX_BANK_IDS.has(method.bankId ?? '')) {
      throw new ApiError(400, 'invalid_bank', 'Choose a bank from the list', undefined, 'method.bankId');
    }
    if (method.type === 'fpx') await this.checkBankOnline(method.bankId ?? '');
    // A card payment may name the card's bank (the portal asks for it), one of the list; an API client that
    // does not know of it yet is still taken (the bank is then not shown). An FPX payment has no card.
    if (method.type === 'card' && method.cardBank !== undefined && !isCardBank(method.cardBank)) {
      throw new ApiError(
        400,
        'invalid_card_bank',
        "Choose the card's bank from the list",
        undefined,
        'method.cardBank',
      );
    }
    if (method.type === 'fpx' && (method as { cardBank?: unknown }).cardBank !== undefined) {
      throw new ApiError(400, 'validation_failed', 'cardBank is for card payments only', undefined, 'method.cardBank');
    }

    const lines = await this.priceLines(request);
    const total = lines.reduce((sum, l) => sum + l.amountSen, 0);
    if (method.type === 'fpx') {
      const limit = checkFpxAmount(total);
      if (!limit.ok) {
        throw new ApiError(
          422,
          limit.code,
          limit.code === 'fpx_below_minimum'
            ? 'FPX payments start at RM 1.00'
            : 'FPX takes at most RM 30,000.00 per transaction',
        );
      }
    } else if (!checkCardAmount(total, this.config.gateways.card.maxAmountSen).ok) {
      throw new ApiError(422, 'card_above_maximum', 'This amount is more than a card payment may be', {
        maximumSen: this.config.gateways.card.maxAmountSen,
      });
    }
    // Bills of one payer's own: a shared payable (a charge site) is paid by many, each payment on its own.
    const ownBills = lines.filter((l) => !isSharedPayable(l.payable.type)).map((l) => l.payable.id);
    const earlierOpen = await this.settleEarlierAttempts(ownBills, request.confirmRetry === true, userId);

    const reference = newReference();
    const token = newPaymentToken();
    try {
      // One transaction: the payment, its items, its first event and its signed gateway form are made
      // together, or (a form that cannot be signed, a crash) nothing is left behind.
      const { payment, response } = await this.prisma.$transaction(async (tx) => {
        await this.claimBills(tx, ownBills, earlierOpen, userId);
        const [{ n }] = await tx.$queryRaw<{ n: bigint }[]>`SELECT nextval('payment_invoice_seq') AS n`;
        const created = await tx.payment.create({
          data: {
            reference,
            invoiceNo: formatInvoiceNo(n),
            method: method.type,
            bankId: method.type === 'fpx' ? method.bankId : null,
            cardMethod: method.type === 'card' ? method.cardMethod : null,
            cardBank: method.type === 'card' ? method.cardBank : null,
            amountSen: total,
            payerName: request.payer.name.trim(),
            payerEmail: request.payer.email,
            payerPhone: request.payer.phone,
            language: request.language ?? DEFAULT_LANGUAGE,
            userId,
            idempotencyKey,
            requestHash: hash,
            tokenHash: token.hash,
            // The requery worker's sweep picks it up from here: nothing to schedule outside this transaction.
            nextRequeryAt: new Date(Date.now() + requeryDelayMs(1, this.config.requery.timeScale)),
            items: {
              create: lines.map((l, position) => ({
                position,
                payableId: l.payable.id,
                councilCode: l.payable.councilCode,
                type: l.payable.type,
                accountNo: l.payable.accountNo,
                amountSen: l.amountSen,
                creditSen: l.creditSen,
                selection: l.selection,
                snapshot: l.snapshot,
                ...(l.pricedBreakdown ? { pricedBreakdown: l.pricedBreakdown } : {}),
              })),
            },
          },
        });
        await tx.paymentEvent.create({
          data: {
            paymentId: created.id,
            type: 'created',
            toStatus: 'in_progress',
            source: 'payer',
            data: {
              amountSen: total,
              items: lines.length,
              method: method.type,
              ...(earlierOpen.length ? { retryOf: earlierOpen } : {}),
            },
          },
        });
        return { payment: created, response: this.response(created) };
        // A busy database (a deadline day) queues the request for a connection instead of failing it at once;
        // past these limits the payer is told to try again (503), with nothing written.
      }, CREATE_TX_OPTIONS);
      this.metrics.paymentsCreated.inc({ method: method.type });
      for (const council of new Set(lines.map((l) => l.payable.councilCode)))
        this.metrics.councilPayments.inc({ council, status: 'created' });
      this.logger.log(
        { reference, invoiceNo: payment.invoiceNo, amountSen: total, method: method.type },
        'Payment created',
      );
      // The token leaves the server once, here; a replay of this request answers without it.
      return { ...response, paymentToken: token.token };
    } catch (error) {
      // Two requests with the same Idempotency-Key raced: the loser answers with the winner's payment (it
      // finds the winner's claim on the bill, or its key).
      const lostRace =
        (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') ||
        (error instanceof ApiError && (error.getResponse() as { code?: string }).code === 'payment_pending');
      if (idempotencyKey && lostRace) {
        const earlier = await this.replay(idempotencyKey, hash);
        if (earlier) return earlier;
      }
      throw error;
    }
  }

  /**
   * One open payment per bill, decided by the database: each bill's row lock is held (in id order, so two
   * carts never deadlock) until this transaction ends, and under it no open payment for the bill may exist
   * other than those the payer chose to retry past. Concurrent creations for one bill queue here; the first
   * makes its payment, the others find it and are refused.
   */
  private async claimBills(
    tx: Prisma.TransactionClient,
    payableIds: string[],
    retriedPast: string[],
    userId: string | null,
  ): Promise<void> {
    if (payableIds.length === 0) return;
    await lockBills(tx, payableIds);
    // Priced before the locks: a bill withdrawn since (the withdrawal holds the same locks) is refused here.
    const withdrawn = await tx.payable.findFirst({
      where: { id: { in: payableIds }, status: WITHDRAWN_STATUS },
      select: { id: true },
    });
    if (withdrawn) throw new ApiError(422, 'bill_withdrawn', BILL_WITHDRAWN_MESSAGE, { payableId: withdrawn.id });
    const open = await tx.payment.findMany({
      where: {
        status: { in: [...OPEN_STATES] },
        reference: { notIn: retriedPast },
        items: { some: { payableId: { in: payableIds } } },
      },
      select: { reference: true, userId: true },
    });
    if (open.length > 0) {
      throw new ApiError(
        409,
        'payment_pending',
        'An earlier payment for these bills is still waiting for the bank. Pay again only if you are sure.',
        pendingDetails(open, userId),
      );
    }
  }

  private async replay(idempotencyKey: string, hash: string): Promise<CreatePaymentResponse | null> {
    const earlier = await this.prisma.payment.findUnique({ where: { idempotencyKey } });
    if (!earlier) return null;
    if (earlier.requestHash !== hash) {
      throw new ApiError(
        409,
        'idempotency_key_reused',
        'This Idempotency-Key was used for a different payment request',
      );
    }
    return this.response(earlier);
  }

  /** A bank FPX lists as offline (`B`) cannot take the payment: refused before anything is written. */
  private async checkBankOnline(bankId: string): Promise<void> {
    const list = await this.queryBus
      .execute<ListBanksQuery, BankListDto>(new ListBanksQuery())
      .catch((error: unknown) => {
        // FPX cannot tell us just now: the bank's own page will say if it is down.
        this.logger.warn({ bankId, err: (error as Error).message }, 'Bank list unavailable at payment creation');
        return null;
      });
    if (list?.banks.some((b) => b.id === bankId && !b.online)) {
      throw new ApiError(
        422,
        'bank_offline',
        'This bank cannot be used at the moment. Please choose another bank or try again later.',
        undefined,
        'method.bankId',
      );
    }
  }

  private async checkServiceOpen(): Promise<void> {
    const config = await this.prisma.configuration.findUnique({
      where: { id: 'default' },
      select: { serviceClosed: true },
    });
    if (config?.serviceClosed)
      throw new ApiError(
        503,
        'service_closed',
        'The payment service is closed for maintenance. Please try again later.',
      );
  }

  /** Prices every line; lines worth 0 or less are left out; all must belong to payables that exist. */
  private async priceLines(request: CreatePaymentRequestDto) {
    const ids = request.items.map((i) => i.payableId);
    const duplicate = ids.findIndex((id, i) => ids.indexOf(id) !== i);
    if (duplicate >= 0)
      throw new ApiError(
        400,
        'duplicate_item',
        'The same bill is in the cart twice',
        undefined,
        `items.${duplicate}.payableId`,
      );
    const payables = await this.prisma.payable.findMany({
      where: { id: { in: ids } },
      include: { council: true, licence: true },
    });
    const byId = new Map(payables.map((p) => [p.id, p as PayableWithCouncil]));
    const lines = request.items.map((line, index) => {
      const payable = byId.get(line.payableId);
      if (!payable) throw new ApiError(404, 'not_found', 'Not Found!', undefined, `items.${index}.payableId`);
      const priced = priceItem(payable, line);
      if (!priced.ok)
        throw new ApiError(priced.status, priced.code, priced.message, { payableId: payable.id }, `items.${index}`);
      return { payable, ...priced };
    });
    const payable = lines.filter((l) => l.amountSen > 0);
    if (payable.length === 0) throw new ApiError(422, 'nothing_to_pay', 'There is nothing to pay for these items');
    return payable;
  }

  /**
   * Before charging again for bills that an earlier payment is still waiting on, ask that payment's gateway
   * (as FPX advises before a retry). Paid: the payer is told, nothing new is charged. Still waiting: the payer
   * must confirm. Returns the references of the earlier payments the payer chose to retry past.
   */
  private async settleEarlierAttempts(
    payableIds: string[],
    confirmed: boolean,
    userId: string | null,
  ): Promise<string[]> {
    if (payableIds.length === 0) return [];
    const open = await this.prisma.payment.findMany({
      where: { status: { in: [...OPEN_STATES] }, items: { some: { payableId: { in: payableIds } } } },
      select: { reference: true },
    });
    if (open.length === 0) return [];
    for (const { reference } of open) {
      await this.commandBus.execute(new RequeryPaymentCommand(reference, 'system')).catch((error: unknown) => {
        this.logger.warn({ reference, err: error }, 'Requery before retry failed');
      });
    }
    const now = await this.prisma.payment.findMany({
      where: { reference: { in: open.map((o) => o.reference) } },
      select: { reference: true, status: true, userId: true },
    });
    const paid = now.filter((p) => p.status === 'paid');
    if (paid.length > 0) {
      // The caller's own receipt is linked; another payer's reference is never shown.
      const [own] = ownReferences(paid, userId);
      throw new ApiError(
        409,
        'already_paid',
        'An earlier payment for these bills went through. Nothing more was charged.',
        own ? { reference: own } : {},
      );
    }
    const stillOpen = now.filter((p) => (OPEN_STATES as readonly string[]).includes(p.status));
    if (stillOpen.length > 0 && !confirmed) {
      throw new ApiError(
        409,
        'payment_pending',
        'An earlier payment for these bills is still waiting for the bank. Pay again only if you are sure.',
        pendingDetails(stillOpen, userId),
      );
    }
    return stillOpen.map((p) => p.reference);
  }

  private response(
    payment: GatewayPayment & { status: CreatePaymentResponse['status']; method: 'fpx' | 'card' },
  ): CreatePaymentResponse {
    return {
      reference: payment.reference,
      invoiceNo: payment.invoiceNo,
      status: payment.status,
      amountSen: payment.amountSen,
      // A form is signed only for a payment still waiting for the payer to go to the gateway.
      redirect: payment.status === 'in_progress' ? this.gateways.of(payment.method).redirect(payment) : null,
    };
  }
}
